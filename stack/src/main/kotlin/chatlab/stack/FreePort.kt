package chatlab.stack

import java.net.InetAddress
import java.net.ServerSocket

/** A free loopback port from the ephemeral range: never a standard port that another server may own. */
object FreePort {
    fun find(): Int = ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { it.localPort }
}
