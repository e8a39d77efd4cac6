package chatlab.stack

import org.slf4j.LoggerFactory
import org.springframework.beans.factory.config.BeanPostProcessor
import org.springframework.beans.factory.support.DefaultListableBeanFactory
import org.springframework.context.ApplicationContextInitializer
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.env.MapPropertySource
import java.util.function.BiConsumer
import javax.sql.DataSource

/**
 * Starts the embedded backends before any bean needs them and points Spring at them. Registered in this module's
 * `META-INF/spring.factories`, so any chat server with this module on its class path gets it (`spring-boot:start` in
 * the lab, `@SpringBootTest` in the server's tests); the chat server's own jar has none of it.
 * The stack is registered first, so it is destroyed last: connection pools close before their servers.
 *
 * What the chat server learns, all through its environment and two beans of JDK types, so that it needs no class of
 * this module: the property source [PROPERTIES] (where each started server listens, `chatlab.backends.<key>.origin`
 * and, for the stand-in, `chatlab.backends.mongodb.version`), the source [ORIGINS] (`EXTERNAL` for every other
 * backend), and, when the MongoDB stand-in runs here, the bean [STAND_IN_INSERT], a
 * `BiConsumer<String, List<Map<String, Any?>>>` that bulk-loads documents into a collection of it, named
 * `<database>.<collection>` (the seed). It also registers the [FleetLauncher], which starts further instances of the
 * server (`chatlab.fleet.instances`, `chatlab.fleet.deployments`), and says so in the property [LAUNCHER].
 */
class EmbeddedStackInitializer : ApplicationContextInitializer<ConfigurableApplicationContext> {

    override fun initialize(context: ConfigurableApplicationContext) {
        val env = context.environment
        val settings = StackSettings.from(env)
        val embedded = settings.embeddedBackends(env)
        // A backend is external unless this process starts it, or a shared stack's properties say what it is.
        val external = Backend.entries.filter { env.getProperty("chatlab.backends.${it.key}.origin").isNullOrBlank() }.associate {
            "chatlab.backends.${it.key}.origin" to EmbeddedService.EXTERNAL
        }
        // The ports this server binds once its context is up: the build reserved them, so they are free until then.
        FreePort.promise(listOfNotNull(env.getProperty("server.port"), env.getProperty("management.server.port"),
            System.getProperty("com.sun.management.jmxremote.port")).mapNotNull { it.toIntOrNull() }.filter { it > 0 })
        if (embedded.isNotEmpty()) {
            log.info("Starting embedded backends: {}", embedded.joinToString { it.key })
            val stack = EmbeddedStack.start(embedded, settings.dir)
            env.propertySources.addFirst(MapPropertySource(PROPERTIES, stack.properties()))
            val beanFactory = context.beanFactory as DefaultListableBeanFactory
            beanFactory.registerSingleton(BEAN_NAME, stack)
            beanFactory.registerDisposableBean(BEAN_NAME, stack)
            stack.services.filterIsInstance<MongoStandIn>().firstOrNull()?.let { standIn ->
                beanFactory.registerSingleton(STAND_IN_INSERT, BiConsumer<String, List<Map<String, Any?>>> { namespace, documents ->
                    standIn.insert(namespace, documents)
                })
            }
            // MariaDB starts while Spring builds its context; the first bean that needs it waits here.
            beanFactory.addBeanPostProcessor(object : BeanPostProcessor {
                override fun postProcessBeforeInitialization(bean: Any, beanName: String): Any {
                    if (bean is DataSource) stack.awaitStarted()
                    return bean
                }
            })
        }
        env.propertySources.addLast(MapPropertySource(ORIGINS, external))
        val launcher = FleetLauncher(env, context.beanFactory)
        (context.beanFactory as DefaultListableBeanFactory).apply {
            registerSingleton(FleetLauncher.BEAN_NAME, launcher)
            registerDisposableBean(FleetLauncher.BEAN_NAME, launcher)
        }
        env.propertySources.addLast(MapPropertySource(FleetLauncher.BEAN_NAME, mapOf(LAUNCHER to "stack")))
    }

    companion object {
        private val log = LoggerFactory.getLogger(EmbeddedStackInitializer::class.java)
        const val BEAN_NAME = "chatlabEmbeddedStack"
        const val PROPERTIES = BEAN_NAME
        const val ORIGINS = "chatlabBackendOrigins"
        const val STAND_IN_INSERT = "chatlabMongoStandInInsert"
        const val LAUNCHER = "chatlab.fleet.launcher"
    }
}
