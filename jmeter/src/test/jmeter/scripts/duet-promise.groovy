// The durability promise of a sends or counters duet block, for the duet's draws (open-model-schedules.groovy,
// counters-duet.groovy) and the promise sampler before each block (duet-promise-set.groovy), which must agree. The plan
// binds `duetPromises` (sendDuetPromises, viewDuetPromises): with two, the blocks come in pairs, one block at each
// promise in an order drawn per pair from arrivalSeed, so the stores at one promise share a block and each store's two
// promises lie seconds apart; with one, every block gives it; with none (history's duet), `of` answers null. `gives`
// lists the stores that keep each promise: SQLite with the driver's defaults (rollback journal, synchronous FULL) is
// durable only; MongoDB on one server acknowledges a write before its journal's next commit (every 100 ms by default),
// relaxed only.
def promises = { variables -> (variables.get('duetPromises') ?: '').split(',').collect { it.trim() }.findAll { it } }
return [
    gives: [durable: ['mysql', 'sqlite', 'sqlite-tuned'], relaxed: ['mysql', 'sqlite-tuned', 'mongo']],
    of: { variables, int block ->
        def list = promises(variables)
        if (list.isEmpty()) return null
        if (list.size() == 1) return list[0]
        int pair = (block + 1).intdiv(2)
        // The pair-th draw of one generator: the first draws of generators seeded alike are alike.
        def random = new Random((variables.get('arrivalSeed') ?: '0') as long)
        boolean swap = (1..Math.max(pair, 1)).collect { random.nextBoolean() }.last()
        list[((block + 1) % 2) ^ (swap ? 1 : 0)]
    },
]
