// The query of this read path: a random page (offset) or a random lastSentAt in the seeded range (keyset).
def random = java.util.concurrent.ThreadLocalRandom.current()
if (vars.get('mode') == 'offset') {
    vars.put('query', 'page=' + random.nextInt(vars.get('pages') as int))
} else {
    def from = java.time.Instant.parse(vars.get('from')).toEpochMilli()
    def to = java.time.Instant.parse(vars.get('to')).toEpochMilli()
    def lastSentAt = java.time.Instant.ofEpochMilli(from + random.nextLong(to - from + 1)).toString()
    vars.put('lastSentAt', lastSentAt)
    vars.put('query', 'lastSentAt=' + lastSentAt)
}
