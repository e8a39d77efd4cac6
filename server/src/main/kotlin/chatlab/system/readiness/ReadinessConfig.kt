package chatlab.system.readiness

import com.fasterxml.jackson.databind.ObjectMapper
import org.springframework.boot.web.servlet.FilterRegistrationBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered

@Configuration
class ReadinessConfig {
    /** Ahead of Spring Security (order -100), so an early caller learns "not ready", not "unauthorized". */
    @Bean
    fun readinessFilter(readiness: Readiness, json: ObjectMapper) = FilterRegistrationBean(ReadinessFilter(readiness, json)).apply {
        order = Ordered.HIGHEST_PRECEDENCE + 10
        addUrlPatterns("/api/*")
    }
}
