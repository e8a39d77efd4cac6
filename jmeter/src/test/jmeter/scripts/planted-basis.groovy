// The planted twin's basis, for a duet whose reads or views have too little server time in their latency on a busy
// host for a share of it to show: returns a closure that makes one block's pair [see, basis]. `see(contender, ms)` notes
// one answer the engine saw (a twin's, `<name> again`, is not noted); `basis(twin)` is the X-Chatlab-Planted value for
// the twin: its original's average answer so far in microseconds (at most 1 s), or `true` (a share of the server's own
// time) before the original has one.
return { ->
    def seen = new java.util.concurrent.ConcurrentHashMap()
    [see: { String contender, long ms ->
        if (contender != null && !contender.endsWith(' again')) seen.computeIfAbsent(contender) { [new java.util.concurrent.atomic.LongAdder(), new java.util.concurrent.atomic.LongAdder()] }.with { it[0].add(ms); it[1].increment() }
     },
     basis: { String twin ->
        def s = seen.get(twin - ' again')
        long sum = s ? s[0].sum() : 0L
        long n = s ? s[1].sum() : 0L
        sum > 0 && n > 0 ? String.valueOf(Math.min(1_000_000L, (long) (sum * 1000 / n))) : 'true'
     }]
}
