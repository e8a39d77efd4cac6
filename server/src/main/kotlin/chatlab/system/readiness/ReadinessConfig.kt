package chatlab.system.readiness

import org.springframework.boot.web.servlet.FilterRegistrationBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered
import tools.jackson.databind.ObjectMapper
import java.util.function.BiConsumer

@Configuration
class ReadinessConfig {
    /** Ahead of Spring Security (order -100), so an early caller learns "not ready", not "unauthorized". */
    @Bean
    fun readinessFilter(readiness: Readiness, json: ObjectMapper) = FilterRegistrationBean(ReadinessFilter(readiness, json)).apply {
        order = Ordered.HIGHEST_PRECEDENCE + 10
        addUrlPatterns("/api/*")
    }

    /**
     * Start-up progress for work the server does not own: the bench's fleet launcher reports through this bean, by its
     * name and JDK type, while it waits for further instances (it shares no class with the server).
     */
    @Bean("chatlabStartupProgress")
    fun startupProgressReport(progress: StartupProgress): BiConsumer<String, String> = BiConsumer(progress::report)
}
