package chatlab.stack

import org.slf4j.LoggerFactory
import redis.embedded.RedisServer
import java.nio.file.Files
import java.nio.file.Path

/** Real Redis (embedded-redis's binary) on a free loopback port; keeps nothing on disk. */
class EmbeddedRedis private constructor(private val server: RedisServer, port: Int) : EmbeddedService {
    override val backend = Backend.REDIS

    override val properties: Map<String, Any> = mapOf("spring.data.redis.url" to "redis://127.0.0.1:$port")

    override fun close() {
        log.info("Stopping embedded Redis")
        server.stop()
    }

    /** Stops the server, as an outage would; [start] brings it back empty on the same port, as a restart would. */
    fun stop() = server.stop()

    fun start() = server.start()

    companion object {
        private val log = LoggerFactory.getLogger(EmbeddedRedis::class.java)

        fun start(dir: Path): EmbeddedRedis {
            val port = FreePort.find()
            val workDir = Files.createDirectories(dir.resolve("redis"))
            val server = RedisServer.newRedisServer()
                .port(port)
                .bind("127.0.0.1")
                .setting("dir $workDir")
                .setting("save \"\"")
                .setting("appendonly no")
                .setting("maxmemory 1gb")
                .setting("maxmemory-policy volatile-lru")
                .onShutdownForceStop(false) // Spring stops it, after the clients that use it
                .build()
            server.start()
            log.info("Embedded Redis listening on 127.0.0.1:{}", port)
            return EmbeddedRedis(server, port)
        }
    }
}
