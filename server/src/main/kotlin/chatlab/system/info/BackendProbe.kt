package chatlab.system.info

import chatlab.system.fleet.Fleet
import chatlab.system.stomp.Broker
import chatlab.system.stomp.RelayProperties
import org.springframework.core.SpringVersion
import org.bson.Document
import org.springframework.core.env.Environment
import org.springframework.data.mongodb.core.MongoTemplate
import org.springframework.data.redis.connection.RedisConnectionFactory
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.stereotype.Component

/** Asks each live backend what it is, so every report can label its numbers. */
@Component
class BackendProbe(
    private val jdbc: JdbcTemplate,
    private val mongo: MongoTemplate,
    private val redis: RedisConnectionFactory,
    private val env: Environment,
    private val others: List<BackendDescriber>,
    private val relay: RelayProperties,
    private val fleet: Fleet,
) {
    /**
     * Every backend; beside a fleet on the simple broker whose further deployments relay (`chatlab.fleet.deployments`),
     * also `relay`: the broker those deployments relay through.
     */
    fun describeAll(): Map<String, BackendDescription> = mapOf(
        Backend.MYSQL.key to describe(Backend.MYSQL, ::mysql),
        Backend.MONGODB.key to describe(Backend.MONGODB, ::mongodb),
        Backend.REDIS.key to describe(Backend.REDIS, ::redis),
        Backend.BROKER.key to if (Broker.of(env) == Broker.SIMPLE) simpleBroker() else describe(Backend.BROKER, ::relayedBroker),
    ) + deploymentsRelay() + others.associate { it.key to it.describe() }

    private fun deploymentsRelay(): Map<String, BackendDescription> =
        if (Broker.of(env) == Broker.SIMPLE && fleet.members().any { it.broker == Broker.RELAY.key }) mapOf(RELAY to describe(Backend.BROKER, ::relayedBroker))
        else emptyMap()

    fun origin(backend: Backend): Origin =
        Origin.valueOf(env.getProperty("chatlab.backends.${backend.key}.origin", Origin.EXTERNAL.name))

    private fun describe(backend: Backend, probe: (Origin) -> BackendDescription): BackendDescription {
        val origin = origin(backend)
        return runCatching { probe(origin) }.getOrElse { BackendDescription.unreachable(origin, it) }
    }

    private fun mysql(origin: Origin): BackendDescription {
        val version = jdbc.queryForObject("SELECT VERSION()", String::class.java) ?: "unknown"
        val product = if (version.contains("MariaDB", ignoreCase = true)) "MariaDB" else "MySQL"
        return BackendDescription.of(product, version.substringBefore('-'), origin)
    }

    private fun mongodb(origin: Origin): BackendDescription =
        if (origin == Origin.STAND_IN) {
            BackendDescription.of("mongo-java-server", env.getProperty("chatlab.backends.mongodb.version", "unknown"), origin, STAND_IN_NOTE)
        } else {
            val version = mongo.executeCommand(Document("buildInfo", 1)).getString("version") ?: "unknown"
            BackendDescription.of("MongoDB", version, origin)
        }

    private fun redis(origin: Origin): BackendDescription {
        val info = redis.connection.use { it.serverCommands().info("server") }
        return BackendDescription.of("Redis", info?.getProperty("redis_version") ?: "unknown", origin)
    }

    private fun simpleBroker() =
        BackendDescription.of("Spring simple broker", SpringVersion.getVersion() ?: "unknown", Origin.IN_PROCESS, "one instance: broadcasts reach this server's sessions only")

    /** The broker names itself in its CONNECTED frame (`server:ActiveMQ-Artemis/2.40.0 …`, `server:RabbitMQ/3.10.…`). */
    private fun relayedBroker(origin: Origin): BackendDescription {
        val server = BrokerHello.server(relay)
        return BackendDescription.of(server.substringBefore('/'), server.substringAfter('/', "unknown").substringBefore(' '), origin,
            "relayed at ${relay.host}:${relay.port}")
    }

    companion object {
        /** The key of the broker further deployments relay through, beside a fleet on the simple broker. */
        const val RELAY = "relay"
        const val STAND_IN_NOTE =
            "in-memory stand-in for MongoDB: no secondary indexes (every query scans), so its timings say nothing about MongoDB"
    }
}
