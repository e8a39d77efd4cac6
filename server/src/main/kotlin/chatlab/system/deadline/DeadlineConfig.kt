package chatlab.system.deadline

import org.hibernate.cfg.AvailableSettings
import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer
import org.springframework.boot.web.servlet.FilterRegistrationBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered
import tools.jackson.databind.ObjectMapper
import java.time.Duration

@Configuration
class DeadlineConfig {
    /** MySQL reads get the request's deadline as the database's own statement time limit. */
    @Bean
    fun deadlineStatementInspector(@Value("\${spring.datasource.url:}") url: String) = HibernatePropertiesCustomizer {
        it[AvailableSettings.STATEMENT_INSPECTOR] = DeadlineStatementInspector.forUrl(url)
    }

    /** After the readiness gate, before authentication: the deadline covers all the request's work. */
    @Bean
    fun deadlineFilter(@Value("\${chatlab.request-timeout:30s}") timeout: Duration, json: ObjectMapper) =
        FilterRegistrationBean(DeadlineFilter(timeout, json)).apply {
            order = Ordered.HIGHEST_PRECEDENCE + 20
            addUrlPatterns("/api/*")
        }
}
