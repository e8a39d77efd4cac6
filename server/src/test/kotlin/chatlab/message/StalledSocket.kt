package chatlab.message

import java.io.ByteArrayOutputStream
import java.io.IOException
import java.io.InputStream
import java.net.InetSocketAddress
import java.net.Socket
import java.net.SocketTimeoutException
import java.util.Base64
import kotlin.random.Random

/**
 * A WebSocket client written on a bare socket, so a test can make it stop reading: a subscriber whose network or
 * process has stalled, as the server sees it. With a [receiveBuffer] (4 KB) the socket's buffers fill at once; with
 * none the kernel grows it (up to `net.ipv4.tcp_rmem`'s maximum), and it takes megabytes before a write waits.
 */
class StalledSocket(port: Int, receiveBuffer: Int? = 4096) : AutoCloseable {
    private val socket = Socket().apply {
        receiveBuffer?.let { receiveBufferSize = it }
        connect(InetSocketAddress("127.0.0.1", port), 5000)
        soTimeout = 5000
    }
    private val input: InputStream = socket.getInputStream()

    init {
        val key = Base64.getEncoder().encodeToString(Random.nextBytes(16))
        socket.getOutputStream().write(
            ("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:$port\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
                "Sec-WebSocket-Key: $key\r\nSec-WebSocket-Version: 13\r\n\r\n").toByteArray(),
        )
        val head = StringBuilder()
        while (!head.endsWith("\r\n\r\n")) head.append(input.read().takeIf { it >= 0 }?.toChar() ?: error("handshake closed"))
        check(head.startsWith("HTTP/1.1 101")) { "no upgrade: $head" }
    }

    /** Connects as the holder of [token] and subscribes to [destination] as [id], both confirmed. */
    fun subscribed(token: String, destination: String, id: String): StalledSocket = apply {
        send("CONNECT\naccept-version:1.2\nhost:localhost\nAuthorization:Bearer $token\n\n\u0000")
        check(read().startsWith("CONNECTED")) { "not connected" }
        send("SUBSCRIBE\nid:$id\ndestination:$destination\nreceipt:r-$id\n\n\u0000")
        check(read().startsWith("RECEIPT")) { "not subscribed to $destination" }
    }

    /** Sends one text frame, masked as a client must. */
    fun send(text: String) = send(TEXT, text.toByteArray())

    /** Answers a ping with a pong carrying its payload (RFC 6455, 5.5.3). */
    fun pong(payload: ByteArray) = send(PONG, payload)

    private fun send(opcode: Int, payload: ByteArray) {
        val out = ByteArrayOutputStream()
        out.write(0x80 or opcode)
        when {
            payload.size < 126 -> out.write(0x80 or payload.size)
            payload.size < 65536 -> { out.write(0x80 or 126); out.write(payload.size shr 8); out.write(payload.size and 0xff) }
            else -> error("frame too large for this helper")
        }
        val mask = Random.nextBytes(4)
        out.write(mask)
        payload.forEachIndexed { i, b -> out.write(b.toInt() xor mask[i % 4].toInt()) }
        socket.getOutputStream().write(out.toByteArray())
    }

    /** Reads one text frame (servers do not mask). */
    fun read(): String = String(nextFrame()?.second ?: error("closed"))

    /** Reads until the server has closed the connection: how many frames were waiting, or null if it is still open. */
    fun framesUntilClosed(): Int? {
        var frames = 0
        while (true) {
            val frame = try {
                nextFrame()
            } catch (e: SocketTimeoutException) {
                return null
            } catch (e: IOException) {
                return frames // reset by the server
            }
            if (frame == null || frame.first and 0x0f == CLOSE) return frames
            frames++
        }
    }

    /** The next frame's opcode byte and payload, or null at the end of the stream. */
    fun nextFrame(): Pair<Int, ByteArray>? {
        val opcode = input.read()
        if (opcode < 0) return null
        var length = (input.read() and 0x7f).toLong()
        if (length == 126L) length = ((input.read() shl 8) or input.read()).toLong()
        else if (length == 127L) length = (0 until 8).fold(0L) { acc, _ -> (acc shl 8) or input.read().toLong() }
        return opcode to input.readNBytes(length.toInt())
    }

    override fun close() = socket.close()

    companion object {
        private const val TEXT = 0x1
        const val CLOSE = 0x8
        const val PING = 0x9
        private const val PONG = 0xA
    }
}
