package chatlab.system.mvc

import org.springframework.beans.factory.config.BeanPostProcessor
import org.springframework.stereotype.Component
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter

/** Gives Spring MVC's handler adapter parameter names that are discovered once ([ParameterNamesOnce]). */
@Component
class HandlerParameterNames : BeanPostProcessor {
    override fun postProcessBeforeInitialization(bean: Any, beanName: String): Any {
        if (bean is RequestMappingHandlerAdapter) bean.setParameterNameDiscoverer(ParameterNamesOnce())
        return bean
    }
}
