package chatlab.system.fault

import org.springframework.context.ApplicationContextInitializer
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.Ordered
import org.springframework.core.annotation.Order
import org.springframework.core.env.MapPropertySource

/**
 * Puts a [TcpProxy] between the server and its MariaDB and MongoDB (embedded or not), after the embedded stack has
 * started, and registers the proxies as the bean `outageProxies` so a test can cut either backend off.
 */
@Order(Ordered.LOWEST_PRECEDENCE)
class OutageProxies : ApplicationContextInitializer<ConfigurableApplicationContext> {
    lateinit var mysql: TcpProxy
        private set
    lateinit var mongo: TcpProxy
        private set

    override fun initialize(context: ConfigurableApplicationContext) {
        val env = context.environment
        val jdbcUrl = env.getRequiredProperty("spring.datasource.url")
        val mongoUri = env.getRequiredProperty("spring.mongodb.uri")
        mysql = TcpProxy(portOf(jdbcUrl))
        mongo = TcpProxy(portOf(mongoUri))
        val proxied = mapOf(
            "spring.datasource.url" to jdbcUrl.replace(":${portOf(jdbcUrl)}/", ":${mysql.port}/"),
            "spring.mongodb.uri" to mongoUri.replace(":${portOf(mongoUri)}/", ":${mongo.port}/"),
        )
        env.propertySources.addFirst(MapPropertySource("outageProxies", proxied))
        context.beanFactory.registerSingleton("outageProxies", this)
    }

    private fun portOf(url: String): Int =
        Regex("""//[^/:]+:(\d+)/""").find(url)?.groupValues?.get(1)?.toInt() ?: error("no port in $url")
}
