package chatlab.stack

import java.net.InetAddress
import java.net.ServerSocket
import java.util.concurrent.ConcurrentHashMap

/**
 * A free loopback port from the ephemeral range: never a standard port that another server may own, never one this
 * process handed out before, and never one it was told it will bind itself ([promise]: the chat server's own port,
 * reserved by the build and still unbound while the embedded stack starts; the OS once gave that very port to a
 * backend, and the server then failed to start).
 */
object FreePort {
    private val taken: MutableSet<Int> = ConcurrentHashMap.newKeySet()

    /** Ports this process will bind later; [find] never returns them. */
    fun promise(ports: Collection<Int>) {
        taken += ports
    }

    fun find(): Int = find { ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { it.localPort } }

    /** The first port [free] offers that nothing here has taken, which it then takes. */
    internal fun find(free: () -> Int): Int {
        repeat(ATTEMPTS) {
            val port = free()
            if (taken.add(port)) return port
        }
        throw IllegalStateException("no free loopback port in $ATTEMPTS tries that this process had not already taken")
    }

    private const val ATTEMPTS = 100
}
