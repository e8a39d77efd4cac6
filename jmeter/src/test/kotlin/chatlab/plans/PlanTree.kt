package chatlab.plans

import org.w3c.dom.Element
import org.xml.sax.InputSource
import java.io.StringReader
import javax.xml.parsers.DocumentBuilderFactory

/** A plan as JMeter runs it (its repeats carried out), read as JMeter's test tree. */
class PlanTree(val name: String, val text: String) {
    /** Every XML element of the plan, in document order. */
    val elements: List<Element> by lazy {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(InputSource(StringReader(text)))
        val all = doc.getElementsByTagName("*")
        (0 until all.length).map { all.item(it) as Element }
    }

    /** Every sampler of the plan (JSR223, HTTP and WebSocket ones), in document order. */
    val samplers: List<Element> by lazy { elements.filter { it.tagName.endsWith("Sampler") || it.tagName == "HTTPSamplerProxy" } }

    /** The Module Controllers that run [fragment] (each names it by its path: Test Plan, the plan's name, the fragment's name). */
    fun modulesInto(fragment: Element): List<Element> =
        elements.filter { it.tagName == "ModuleController" && it.modulePath().lastOrNull() == fragment.getAttribute("testname") }

    /**
     * The script files of the JSR223 elements that run around [sampler] (pre- and post-processors, assertions, listeners:
     * those it holds and those beside it or beside any element above it), one list for every way a thread reaches it
     * through the plan's Module Controllers, each reaching a fragment of its own plan by name.
     */
    fun scriptsAround(sampler: Element): List<List<String>> {
        fun around(element: Element, above: List<String>): List<List<String>> {
            val tree = element.parentNode as Element
            val here = above + tree.childElements().filter { it.tagName.startsWith("JSR223") && it.tagName != "JSR223Sampler" }
                .map { it.prop("filename").orEmpty() }
            val owner = tree.previousElement() ?: return listOf(here)
            return when (owner.tagName) {
                "TestPlan" -> listOf(here)
                "TestFragmentController" -> modulesInto(owner).flatMap { around(it, here) }
                else -> around(owner, here)
            }
        }
        return around(sampler, sampler.held().filter { it.tagName.startsWith("JSR223") }.map { it.prop("filename").orEmpty() })
    }
}

/** Whether this is one of the WebSocket plugin's samplers. */
fun Element.isWebSocketSampler(): Boolean = tagName.startsWith("eu.luminis.jmeter.wssampler.") && tagName.endsWith("Sampler")

fun Element.prop(name: String): String? = childElements().firstOrNull { it.getAttribute("name") == name }?.textContent

fun Element.childElements(): List<Element> = (0 until childNodes.length).map { childNodes.item(it) }.filterIsInstance<Element>()

/** The elements a tree element holds: the children of the hashTree that follows it. */
fun Element.held(): List<Element> = tree().childElements().filter { it.tagName != "hashTree" }

/** Whether this element sits anywhere in the tree [owner] holds. */
fun Element.isUnder(owner: Element): Boolean = owner.tree().let { tree -> generateSequence(parentNode) { it.parentNode }.any { it === tree } }

/** The hashTree that follows a tree element in the plan's XML: what it holds. */
private fun Element.tree(): Element {
    var next = nextSibling
    while (next != null && next !is Element) next = next.nextSibling
    return next as Element
}

/** The fragment path a Module Controller names (Test Plan, the plan's name, the fragment's name). */
fun Element.modulePath(): List<String> =
    childElements().first { it.getAttribute("name") == "ModuleController.node_path" }.childElements().map { it.textContent }

private fun Element.previousElement(): Element? {
    var previous = previousSibling
    while (previous != null && previous !is Element) previous = previous.previousSibling
    return previous as Element?
}
