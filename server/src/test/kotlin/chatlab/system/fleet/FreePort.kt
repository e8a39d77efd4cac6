package chatlab.system.fleet

import java.net.InetAddress
import java.net.ServerSocket

/** A free loopback port from the ephemeral range, for a server a test starts: never a standard port. */
object FreePort {
    fun find(): Int = ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { it.localPort }
}
