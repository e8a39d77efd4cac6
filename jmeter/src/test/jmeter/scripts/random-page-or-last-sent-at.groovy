// The query of this read path: a random page (offset) or a random lastSentAt in the seeded range (keyset). Paths named
// in the element's parameters read their newest page instead: the warm-up names mongo-redis-keyset, whose newest pages
// hit the cache as in the chat mix (a random lastSentAt would only fill the cache from the stand-in).
def random = java.util.concurrent.ThreadLocalRandom.current()
if (vars.get('mode') == 'offset') {
    vars.put('query', 'page=' + random.nextInt(vars.get('pages') as int))
} else if (args && vars.get('path') in args) {
    vars.put('lastSentAt', java.time.Instant.now().toString())
    vars.put('query', '')
} else {
    def from = java.time.Instant.parse(vars.get('from')).toEpochMilli()
    def to = java.time.Instant.parse(vars.get('to')).toEpochMilli()
    def lastSentAt = java.time.Instant.ofEpochMilli(from + random.nextLong(to - from + 1)).toString()
    vars.put('lastSentAt', lastSentAt)
    vars.put('query', 'lastSentAt=' + lastSentAt)
}
