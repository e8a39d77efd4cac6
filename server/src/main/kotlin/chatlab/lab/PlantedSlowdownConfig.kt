package chatlab.lab

import org.springframework.boot.web.servlet.FilterRegistrationBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered

@Configuration
class PlantedSlowdownConfig {
    /** After the readiness gate and the deadline, before authentication: the slowdown is a share of all the rest. */
    @Bean
    fun plantedSlowdown(lab: LabProperties) = FilterRegistrationBean(PlantedSlowdown(lab.plantedSlowdown)).apply {
        order = Ordered.HIGHEST_PRECEDENCE + 30
        addUrlPatterns("/api/*")
        isEnabled = lab.plantedSlowdown > 0
    }
}
