// The trials of one round of a plan, in randomized interleaved blocks: every block runs every contender once, in an
// order shuffled for that block from the seed `blockSeed` and the block, so that the host's drift (a third within
// minutes on 2 shared cores) falls on all contenders of a block alike and, over the blocks, on none of them in
// particular. Blocks are numbered through the run: round r's run from (r - 1) × blocks + 1.
// The A/A control is one contender measured twice under two names, `<name>` and `<name> again`: with `duet`, in the
// control's own trial, each arrival drawing one of the two names (`duet: true` on that trial), so both share every
// instant of the machine; otherwise as a trial of its own (`twin: true`). The twin is what a planted difference slows
// (`planted`: its requests carry X-Chatlab-Planted). Evaluated, it returns the closure
//   (contenders, control, blocks, seed, round, planted, duet) → [[block, contender, twin, duet, planted, trial]]
// with `trial` the label part `<contender> block <b>` the report pairs by.
{ List<String> contenders, String control, int blocks, long seed, int round, boolean planted, boolean duet ->
    if (contenders.isEmpty() || contenders.toSet().size() != contenders.size())
        throw new IllegalArgumentException('contenders must be distinct names, were ' + contenders)
    if (control && !(control in contenders)) throw new IllegalArgumentException("the A/A control $control is not one of " + contenders)
    if (blocks < 1) throw new IllegalArgumentException('blocks must be at least 1, was ' + blocks)
    def names = contenders.collect { [name: it, twin: false, duet: duet && it == control] } +
        (control && !duet ? [[name: control + ' again', twin: true, duet: false]] : [])
    def first = (Math.max(round, 1) - 1) * blocks
    (1..blocks).collectMany { b ->
        def block = first + b
        def order = new ArrayList(names)
        Collections.shuffle(order, new Random(seed * 1_000_003L + block))
        order.collect { [block: block, contender: it.name, twin: it.twin, duet: it.duet, planted: planted && (it.twin || it.duet), trial: it.name + ' block ' + block] }
    }
}
