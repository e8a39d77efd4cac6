package chatlab.system.stack

import de.bwaldvogel.mongo.MongoServer
import de.bwaldvogel.mongo.backend.memory.MemoryBackend
import org.slf4j.LoggerFactory

/**
 * The MongoDB stand-in: mongo-java-server, in-process and in memory, speaking the wire protocol.
 * It ignores secondary indexes, so every query scans the collection: its timings say nothing about MongoDB.
 */
class MongoStandIn private constructor(private val server: MongoServer, port: Int) : EmbeddedService {
    override val backend = Backend.MONGODB

    override val properties: Map<String, Any> = mapOf("spring.data.mongodb.uri" to "mongodb://127.0.0.1:$port/chatlab")

    override fun close() {
        log.info("Stopping the MongoDB stand-in")
        server.shutdownNow()
    }

    companion object {
        private val log = LoggerFactory.getLogger(MongoStandIn::class.java)

        /** The stand-in's own version, read from the manifest of its `mongo-java-server` jar. */
        val version: String by lazy {
            MongoStandIn::class.java.classLoader.getResources("META-INF/MANIFEST.MF").asSequence()
                .mapNotNull { url -> url.openStream().use { java.util.jar.Manifest(it).mainAttributes } }
                .firstOrNull { it.getValue("Implementation-Title") == "mongo-java-server" }
                ?.getValue("Implementation-Version") ?: "unknown"
        }

        fun start(): MongoStandIn {
            val server = MongoServer(MemoryBackend())
            val port = FreePort.find()
            server.bind("127.0.0.1", port)
            log.info("MongoDB stand-in (mongo-java-server {}) listening on 127.0.0.1:{}", version, port)
            return MongoStandIn(server, port)
        }
    }
}
