package chatlab.system.mvc

import org.springframework.core.DefaultParameterNameDiscoverer
import org.springframework.core.ParameterNameDiscoverer
import java.lang.reflect.Constructor
import java.lang.reflect.Method
import java.util.concurrent.ConcurrentHashMap

/**
 * Parameter names, discovered once per method and kept. Spring MVC re-arms every handler parameter's name discovery on
 * each request, and on a Kotlin class the default discoverer answers through Kotlin reflection each time: for the
 * history endpoint's eight parameters, 5 % of the server's Java samples while it served the cached newest page.
 */
class ParameterNamesOnce(private val delegate: ParameterNameDiscoverer = DefaultParameterNameDiscoverer()) : ParameterNameDiscoverer {
    private val methods = ConcurrentHashMap<Method, Array<String?>>()

    override fun getParameterNames(method: Method): Array<String?>? =
        methods.computeIfAbsent(method) { delegate.getParameterNames(it) ?: UNKNOWN }.takeIf { it !== UNKNOWN }?.clone()

    override fun getParameterNames(ctor: Constructor<*>): Array<String?>? = delegate.getParameterNames(ctor)

    private companion object {
        /** Kept for a method whose names the delegate could not tell (a map holds no null). */
        val UNKNOWN = arrayOf<String?>()
    }
}
