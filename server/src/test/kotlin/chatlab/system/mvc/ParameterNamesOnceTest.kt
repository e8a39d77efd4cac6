package chatlab.system.mvc

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.core.DefaultParameterNameDiscoverer
import org.springframework.core.ParameterNameDiscoverer
import org.springframework.test.util.ReflectionTestUtils
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter
import java.lang.reflect.Constructor
import java.lang.reflect.Method

class ParameterNamesOnceTest {
    @Suppress("unused")
    fun history(roomId: Long, store: String?, size: Int) = Unit

    private val history = javaClass.getMethod("history", Long::class.java, String::class.java, Int::class.java)

    /** Counts the methods that reach the real discoverer. */
    private class Counting : ParameterNameDiscoverer {
        val asked = mutableListOf<Method>()
        override fun getParameterNames(method: Method): Array<String?>? {
            asked += method
            return DefaultParameterNameDiscoverer().getParameterNames(method)
        }
        override fun getParameterNames(ctor: Constructor<*>): Array<String?>? = null
    }

    @Test
    fun `a method's names are discovered once and answered every time`() {
        val counting = Counting()
        val names = ParameterNamesOnce(counting)
        repeat(3) { assertThat(names.getParameterNames(history)).containsExactly("roomId", "store", "size") }
        assertThat(counting.asked).containsExactly(history)
    }

    @Test
    fun `a caller that changes its answer does not change the next one`() {
        val names = ParameterNamesOnce(Counting())
        names.getParameterNames(history)!![0] = "changed"
        assertThat(names.getParameterNames(history)).containsExactly("roomId", "store", "size")
    }

    @Test
    fun `names the delegate cannot tell stay unknown and are asked once`() {
        val silent = object : ParameterNameDiscoverer {
            var calls = 0
            override fun getParameterNames(method: Method): Array<String?>? = null.also { calls++ }
            override fun getParameterNames(ctor: Constructor<*>): Array<String?>? = null
        }
        val names = ParameterNamesOnce(silent)
        assertThat(names.getParameterNames(history)).isNull()
        assertThat(names.getParameterNames(history)).isNull()
        assertThat(silent.calls).isEqualTo(1)
    }

    @Test
    fun `Spring MVC's handler adapter gets the discoverer, other beans pass untouched`() {
        val adapter = RequestMappingHandlerAdapter()
        val other = Any()
        assertThat(HandlerParameterNames().postProcessBeforeInitialization(adapter, "adapter")).isSameAs(adapter)
        assertThat(ReflectionTestUtils.getField(adapter, "parameterNameDiscoverer")).isInstanceOf(ParameterNamesOnce::class.java)
        assertThat(HandlerParameterNames().postProcessBeforeInitialization(other, "other")).isSameAs(other)
    }
}
