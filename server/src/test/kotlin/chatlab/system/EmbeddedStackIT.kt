package chatlab.system

import chatlab.IntegrationTest
import chatlab.system.info.Backend
import chatlab.system.info.BackendProbe
import chatlab.system.info.Origin
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.core.env.Environment
import java.net.URI

@IntegrationTest
class EmbeddedStackIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val probe: BackendProbe,
    @Autowired private val env: Environment,
) {

    @Test
    fun `health shows MySQL, MongoDB and Redis UP`() {
        val health = rest.getForObject("/actuator/health", Map::class.java)!!
        val components = health["components"] as Map<*, *>
        listOf("db", "mongo", "redis").forEach { name ->
            assertThat((components[name] as Map<*, *>)["status"]).describedAs(name).isEqualTo("UP")
        }
    }

    @Test
    fun `every backend is labelled with product, version and origin`() {
        val backends = probe.describeAll()
        assertThat(backends.getValue("mysql").label).matches("MariaDB 11\\.\\d+\\.\\d+ \\(embedded\\)")
        assertThat(backends.getValue("redis").label).matches("Redis \\d+\\.\\d+\\.\\d+ \\(embedded\\)")
        assertThat(backends.getValue("mongodb").label).matches("mongo-java-server \\d+\\.\\d+\\.\\d+ \\(stand-in\\)")
        assertThat(backends.getValue("mongodb").note).contains("no secondary indexes")
        val info = rest.getForObject("/actuator/info", Map::class.java)!!
        assertThat((info["machine"] as Map<*, *>)["cpus"]).isEqualTo(Runtime.getRuntime().availableProcessors())
        val fleet = info["fleet"] as Map<*, *>
        assertThat(fleet["instances"]).isEqualTo(1)
        assertThat(fleet["broker"]).isEqualTo("simple")
        assertThat(fleet["urls"] as List<*>).containsExactly("http://127.0.0.1:${env.getProperty("local.server.port")}")
    }

    @Test
    fun `embedded servers listen on loopback, never on the standard ports`() {
        assertThat(probe.origin(Backend.MYSQL)).isEqualTo(Origin.EMBEDDED)
        val mysql = URI(env.getProperty("spring.datasource.url")!!.removePrefix("jdbc:"))
        val mongo = URI(env.getProperty("spring.mongodb.uri")!!)
        val redis = URI(env.getProperty("spring.data.redis.url")!!)
        assertThat(listOf(mysql, mongo, redis).map { it.host }).containsOnly("127.0.0.1")
        assertThat(listOf(mysql.port, mongo.port, redis.port)).doesNotContain(3306, 27017, 6379).doesNotHaveDuplicates()
    }
}
