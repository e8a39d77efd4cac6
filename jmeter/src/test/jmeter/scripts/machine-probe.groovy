// A fixed piece of CPU work, timed on this machine right after a drain step found the server idle: what the report's
// machine check compares from run to run (MachineCheck.probe). The work is the same every time (a SHA-256 over 4 MiB and
// a sort of 200,000 numbers, both from one fixed seed), so only the machine's speed moves the figure: its clock, its
// neighbours, the hypervisor's steal; not the plan, the server or its JIT. It runs `repeats` times on one thread and the
// median counts, so a new JMeter process's cold first pass does not decide it. Returns the median in ms and a checksum
// of the work (the same on every call, which shows the work did not change).
import java.security.MessageDigest

def random = new Random(20261127L)
def bytes = new byte[4 << 20]
random.nextBytes(bytes)
def numbers = random.ints(200_000).toArray()
return { int repeats ->
    long checksum = 0
    def times = (1..repeats).collect {
        long start = System.nanoTime()
        def digest = MessageDigest.getInstance('SHA-256').digest(bytes)
        def sorted = Arrays.copyOf(numbers, numbers.length)
        Arrays.sort(sorted)
        long elapsed = System.nanoTime() - start
        checksum = (digest[0] as long) * 31 + sorted[sorted.length.intdiv(2)]
        elapsed / 1e6d
    }.sort()
    [ms: times[times.size().intdiv(2)], checksum: checksum]
}
