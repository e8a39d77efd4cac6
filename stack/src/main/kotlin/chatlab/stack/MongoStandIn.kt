package chatlab.stack

import de.bwaldvogel.mongo.MongoServer
import de.bwaldvogel.mongo.backend.memory.MemoryBackend
import de.bwaldvogel.mongo.bson.Document
import org.slf4j.LoggerFactory
import java.time.Instant
import java.util.Date

/**
 * The MongoDB stand-in: mongo-java-server, in-process and in memory, speaking the wire protocol.
 * It ignores secondary indexes, so every query scans the collection: its timings say nothing about MongoDB.
 */
class MongoStandIn private constructor(private val server: MongoServer, private val memory: MemoryBackend, port: Int) : EmbeddedService {
    override val backend = Backend.MONGODB

    override val origin = EmbeddedService.STAND_IN

    /** Where it listens, and its own version: the chat server labels the stand-in's figures with it. */
    override val properties: Map<String, Any> = mapOf(
        "spring.mongodb.uri" to "mongodb://127.0.0.1:$port/$DATABASE",
        "chatlab.backends.mongodb.version" to version,
    )

    /**
     * Bulk load for the seed: inserts [documents] into [namespace] (`<database>.<collection>`) straight into the stand-in's memory, through the same collection
     * code (indexes, unique keys) its wire handler calls after decoding, minus the encoding, the loopback and the
     * decoding. Values must be what the wire decoder produces: dates as [Instant] (a [Date] is converted here).
     * The collection must exist (the seed creates its indexes first). Throws if any document is rejected (e.g. a
     * duplicate key).
     */
    fun insert(namespace: String, documents: List<Map<String, Any?>>) {
        val (database, collection) = namespace.split('.', limit = 2).also { require(it.size == 2) { "not <database>.<collection>: $namespace" } }
        val target = checkNotNull(memory.resolveDatabase(database).resolveCollection(collection, false)) { "no collection $namespace in the stand-in" }
        val errors = target.insertDocuments(documents.map { doc -> Document(doc.mapValues { (_, v) -> if (v is Date) v.toInstant() else v }) }, false)
        check(errors.isNullOrEmpty()) { "the stand-in rejected ${errors.size} of ${documents.size} documents: ${errors.first()}" }
    }

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

        const val DATABASE = "chatlab"

        fun start(): MongoStandIn {
            val memory = MemoryBackend()
            val server = MongoServer(memory)
            val port = FreePort.find()
            server.bind("127.0.0.1", port)
            log.info("MongoDB stand-in (mongo-java-server {}) listening on 127.0.0.1:{}", version, port)
            return MongoStandIn(server, memory, port)
        }
    }
}
