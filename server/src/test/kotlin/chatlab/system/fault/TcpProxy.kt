package chatlab.system.fault

import org.slf4j.LoggerFactory
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.net.Socket
import java.util.concurrent.ConcurrentHashMap
import kotlin.concurrent.thread

/**
 * A loopback TCP relay in front of a real backend, so a test can take the network away ([cut]: open connections
 * are reset, new ones refused) and give it back ([restore]) while the backend itself keeps running.
 */
class TcpProxy(private val targetPort: Int) : AutoCloseable {
    private val sockets = ConcurrentHashMap.newKeySet<Socket>()
    @Volatile private var listener: ServerSocket? = null
    val port: Int

    init {
        val first = ServerSocket().apply { reuseAddress = true; bind(InetSocketAddress("127.0.0.1", 0)) }
        port = first.localPort
        listen(first)
    }

    @Synchronized
    fun cut() {
        listener?.close()
        listener = null
        sockets.forEach { runCatching { it.close() } }
        sockets.clear()
        log.info("proxy :{} -> :{} cut", port, targetPort)
    }

    @Synchronized
    fun restore() {
        if (listener != null) return
        listen(ServerSocket().apply { reuseAddress = true; bind(InetSocketAddress("127.0.0.1", port)) })
        log.info("proxy :{} -> :{} restored", port, targetPort)
    }

    override fun close() = cut()

    private fun listen(server: ServerSocket) {
        listener = server
        thread(isDaemon = true, name = "proxy-$port") {
            while (!server.isClosed) {
                val client = runCatching { server.accept() }.getOrNull() ?: break
                val upstream = runCatching { Socket("127.0.0.1", targetPort) }.getOrElse { client.close(); continue }
                sockets += client
                sockets += upstream
                pump(client, upstream)
                pump(upstream, client)
            }
        }
    }

    private fun pump(from: Socket, to: Socket) = thread(isDaemon = true, name = "proxy-$port-pump") {
        runCatching { from.getInputStream().transferTo(to.getOutputStream()) }
        runCatching { from.close() }
        runCatching { to.close() }
        sockets -= from
        sockets -= to
    }

    companion object {
        private val log = LoggerFactory.getLogger(TcpProxy::class.java)
    }
}
