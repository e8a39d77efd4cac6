package chatlab.system.stack

import org.slf4j.LoggerFactory
import org.springframework.beans.factory.config.BeanPostProcessor
import org.springframework.beans.factory.support.DefaultListableBeanFactory
import org.springframework.context.ApplicationContextInitializer
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.env.MapPropertySource
import javax.sql.DataSource

/**
 * Starts the embedded backends before any bean needs them and points Spring at them. Registered in
 * `META-INF/spring.factories`, so `java -jar`, `spring-boot:start` and `@SpringBootTest` all get it.
 * The stack is registered first, so it is destroyed last: connection pools close before their servers.
 */
class EmbeddedStackInitializer : ApplicationContextInitializer<ConfigurableApplicationContext> {

    override fun initialize(context: ConfigurableApplicationContext) {
        val env = context.environment
        val settings = StackSettings.from(env)
        val embedded = settings.embeddedBackends(env)
        // A backend is external unless this process starts it, or a shared stack's properties say what it is.
        val overrides = Backend.entries.filter { env.getProperty("chatlab.backends.${it.key}.origin").isNullOrBlank() }.associate {
            "chatlab.backends.${it.key}.origin" to Origin.EXTERNAL.name
        }.toMutableMap<String, Any>()
        if (embedded.isNotEmpty()) {
            log.info("Starting embedded backends: {}", embedded.joinToString { it.key })
            val stack = EmbeddedStack.start(embedded, settings.dir)
            overrides += stack.properties()
            val beanFactory = context.beanFactory as DefaultListableBeanFactory
            beanFactory.registerSingleton(BEAN_NAME, stack)
            beanFactory.registerDisposableBean(BEAN_NAME, stack)
            // MariaDB starts while Spring builds its context; the first bean that needs it waits here.
            beanFactory.addBeanPostProcessor(object : BeanPostProcessor {
                override fun postProcessBeforeInitialization(bean: Any, beanName: String): Any {
                    if (bean is DataSource) stack.awaitStarted()
                    return bean
                }
            })
        }
        env.propertySources.addFirst(MapPropertySource(BEAN_NAME, overrides))
    }

    companion object {
        private val log = LoggerFactory.getLogger(EmbeddedStackInitializer::class.java)
        const val BEAN_NAME = "chatlabEmbeddedStack"
    }
}
