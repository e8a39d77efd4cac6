package chatlab.plans

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.w3c.dom.Element
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.extension
import kotlin.io.path.listDirectoryEntries
import kotlin.io.path.name
import kotlin.io.path.readLines
import kotlin.io.path.readText

/**
 * The plans keep one shape (jmeter/README.md, "One shape for every plan"): Groovy only in the `scripts` folder, one file a body,
 * once; thread groups of the experiment plans hold only their parameters and Module Controllers into fragments.
 */
class PlanShapeTest {
    private val folder = Plans.source
    private val plans = Plans.expanded.map { (name, text) -> PlanTree(name, text) }
    private val experiments = listOf("history", "sends", "seats", "counters", "pool", "fanout")

    @Test
    fun `every JSR223 element runs a file of the scripts folder and holds no script text`() {
        val problems = plans.flatMap { plan ->
            plan.elements.filter { it.tagName.startsWith("JSR223") }.mapNotNull { e ->
                val file = e.prop("filename").orEmpty()
                when {
                    !e.prop("script").isNullOrEmpty() -> "${plan.name}: '${e.getAttribute("testname")}' holds script text"
                    !file.startsWith("\${scripts}/") -> "${plan.name}: '${e.getAttribute("testname")}' runs '$file'"
                    !Files.isRegularFile(folder.resolve("scripts").resolve(file.removePrefix("\${scripts}/"))) -> "${plan.name}: no $file"
                    else -> null
                }
            }
        }
        assertThat(problems).isEmpty()
        assertThat(plans.filter { p -> p.elements.none { it.tagName == "elementProp" && it.getAttribute("name") == "scripts" } }).isEmpty()
    }

    @Test
    fun `every script file is used by a plan and no two files hold the same body`() {
        val files = folder.resolve("scripts").listDirectoryEntries().filter { it.extension == "groovy" }
        val run = plans.flatMap { p -> p.elements.mapNotNull { it.prop("filename")?.removePrefix("\${scripts}/") } }.toSet()
        val loaded = files.flatMap { f -> Regex("'([\\w-]+\\.groovy)'").findAll(f.readText()).map { it.groupValues[1] }.toList() }.toSet()
        // A schedule that evaluates a script (counters.jmx's open-model step): ${__groovy(evaluate(new File(vars.get('scripts'), 'x.groovy')))}.
        val inPlans = folder.listDirectoryEntries().filter { it.extension == "jmx" }
            .flatMap { f -> Regex("&apos;([\\w-]+\\.groovy)&apos;").findAll(f.readText()).map { it.groupValues[1] }.toList() }.toSet()
        // JMeter's start-up script (jsr223.init.file), which the build gives every JMeter it starts.
        val atStart = Regex("""scripts/([\w-]+\.groovy)</jsr223\.init\.file>""").findAll(Path.of("pom.xml").readText()).map { it.groupValues[1] }.toSet()
        assertThat(atStart).containsExactly("exit-with-parent.groovy")
        assertThat(files.map { it.name }.filterNot { it in run || it in loaded || it in inPlans || it in atStart }).isEmpty()
        assertThat((loaded + inPlans).filterNot { name -> files.any { it.name == name } }).describedAs("scripts loaded that do not exist").isEmpty()
        assertThat(files.filter { "HmacSHA256" in it.readText() }.map { it.name }).describedAs("tokens are minted in one place").containsExactly("jwt.groovy")
        val bodies = files.groupBy { it.readText().trim() }.filterValues { it.size > 1 }.values.map { group -> group.map { it.name } }
        assertThat(bodies).isEmpty()
    }

    @Test
    fun `no two scripts share a passage of code, so what several need is one script they evaluate`() {
        // A passage: NEAR_COPY consecutive lines of code (comments, blank lines and lone braces left out), compared trimmed.
        val passages = folder.resolve("scripts").listDirectoryEntries().filter { it.extension == "groovy" }.flatMap { file ->
            val code = file.readLines().map { it.trim() }.filter { it.isNotEmpty() && !it.startsWith("//") && it.any { c -> c.isLetterOrDigit() } }
            code.windowed(NEAR_COPY).map { it.joinToString("\n") to file.name }.distinct()
        }
        val shared = passages.groupBy({ it.first }, { it.second }).filterValues { it.distinct().size > 1 }
        assertThat(shared.map { (passage, names) -> "${names.distinct()}: ${passage.lines().first()} …" }).isEmpty()
    }

    @Test
    fun `thread groups of the experiment plans hold only their parameters and Module Controllers`() {
        val problems = plans.filter { it.name.removeSuffix(".jmx") in experiments }.flatMap { plan ->
            plan.elements.filter { it.tagName == "ThreadGroup" || it.tagName == "OpenModelThreadGroup" }.flatMap { group ->
                group.held().filterNot { it.tagName == "UserParameters" || it.tagName == "ModuleController" }
                    .map { "${plan.name}: '${group.getAttribute("testname")}' holds ${it.tagName} '${it.getAttribute("testname")}'" }
            }
        }
        assertThat(problems).isEmpty()
    }

    @Test
    fun `an open-model step names its path in its schedule only, and a drain group its unit in its name only`() {
        fun parameters(group: Element) = group.held().filter { it.tagName == "UserParameters" }
            .flatMap { p -> p.childElements().first { it.getAttribute("name") == "UserParameters.names" }.childElements().map { it.textContent } }
        // The step running now (`chatlab.current`, `pool.current`) gives its fragment the path and label; counters' open
        // units are units of their own, with their parameters.
        val problems = plans.filter { it.name.removeSuffix(".jmx") in experiments }.flatMap { plan ->
            val stepped = plan.name.removeSuffix(".jmx") in listOf("history", "sends", "pool", "fanout")
            val drains = { e: Element -> e.tagName == "ThreadGroup" && e.getAttribute("testname").startsWith("drain before ") }
            plan.elements.filter { (stepped && it.tagName == "OpenModelThreadGroup") || drains(it) }
                .filter { group -> parameters(group).any { it != "measured" } }
                .map { "${plan.name}: '${it.getAttribute("testname")}' sets ${parameters(it)}" }
        }
        assertThat(problems).isEmpty()
    }

    @Test
    fun `every experiment plan names its engines and runs the engines script in its setUp`() {
        val setUpScripts = setOf("\${scripts}/engines.groovy", "\${scripts}/open-model-schedules.groovy")
        val problems = plans.filter { it.name.removeSuffix(".jmx") in experiments }.filterNot { plan ->
            val elements = plan.elements
            elements.any { it.tagName == "elementProp" && it.getAttribute("name") == "engineList" } &&
                elements.filter { it.tagName == "SetupThreadGroup" }.any { group ->
                    group.held().any { it.tagName == "JSR223Sampler" && it.prop("filename") in setUpScripts }
                }
        }.map { it.name }
        assertThat(problems).describedAs("plans whose drains and meetings would find no engine of theirs").isEmpty()
    }

    @Test
    fun `every WebSocket sampler runs where a frame that did not come in time counts as no answer`() {
        // Without it a read timeout is a wrong answer, and the late frame the wrong answer of the next command: a cold
        // server on a slow machine failed a run on its unmeasured warm-up (101 STOMP samples).
        // A read that may find nothing (optional) never times out: the sampler answers "No response", successfully. The
        // fan-out's member reads are such reads, and run no script but their own (FanoutReadScopeTest).
        val optionalRead = { e: Element -> e.tagName == "eu.luminis.jmeter.wssampler.SingleReadWebSocketSampler" && e.prop("optional") == "true" }
        val samplers = plans.associateWith { plan ->
            plan.samplers.filter { it.isWebSocketSampler() && !optionalRead(it) }
        }
        assertThat(samplers.filterKeys { it.name == "warm-up.jmx" }.values.flatten()).isNotEmpty()
        // On every way a thread reaches the sampler through the plan's Module Controllers (none: a sampler no thread runs).
        val late = "\${scripts}/late-frame-is-no-answer.groovy"
        val inScope = { plan: PlanTree, sampler: Element -> plan.scriptsAround(sampler).let { ways -> ways.isNotEmpty() && ways.all { late in it } } }
        val outside = samplers.flatMap { (plan, list) -> list.filterNot { inScope(plan, it) }.map { "${plan.name}: '${it.getAttribute("testname")}'" } }
        assertThat(outside).isEmpty()
    }

    @Test
    fun `every STOMP frame a plan writes starts its command and each header at the start of a line`() {
        // A header after spaces is no header to the server: a CONNECT whose lines an editor had indented carried no
        // Authorization, and every member of a fan-out step got an ERROR instead of CONNECTED.
        val frames = plans.flatMap { plan ->
            plan.elements.filter { it.prop("payloadType") == "TextStomp" }.map { plan.name + ": '" + it.getAttribute("testname") + "'" to it.prop("requestData").orEmpty() }
        }
        assertThat(frames.map { it.first }).anyMatch { it.startsWith("fanout.jmx") }.anyMatch { it.startsWith("sends.jmx") }
        val indented = frames.filter { (_, frame) -> frame.substringBefore("\n\n").lines().any { it.isEmpty() || it.first().isWhitespace() } }
        assertThat(indented.map { it.first }).isEmpty()
    }

    @Test
    fun `every plan that speaks WebSocket answers the server's pings and skips heart-beats for all of its samplers`() {
        // The server pings a client it writes to and closes a session that does not answer: the pong proves reading.
        val speaking = plans.filter { plan -> plan.samplers.any { it.isWebSocketSampler() } }
        assertThat(speaking.map { it.name }).contains("fanout.jmx", "sends.jmx", "warm-up.jmx")
        for (plan in speaking) {
            val top = plan.elements.first { it.tagName == "TestPlan" }.held()
            assertThat(top.filter { it.tagName == "eu.luminis.jmeter.wssampler.PingFrameFilter" && it.prop("replyToPing") == "true" })
                .describedAs("${plan.name}: a Ping Frame Filter that replies, at the plan's top").hasSize(1)
            // Through a broker relay a member that asked for no heart-beats still gets the broker's EOLs between frames
            // (STOMP 1.2 allows them): read as the RECEIPT of a DISCONNECT or where a close frame was due, they failed a
            // main run with two wrong answers on relay-2.
            assertThat(top.filter { it.tagName == "eu.luminis.jmeter.wssampler.TextFrameFilter" && it.prop("comparisonType") == "EqualsRegex" && it.prop("matchValue") == "^\\s*$" })
                .describedAs("${plan.name}: a Text Frame Filter that skips frames of EOLs only, at the plan's top").hasSize(1)
        }
    }

    @Test
    fun `every Module Controller names a fragment of its own plan`() {
        val problems = plans.flatMap { plan ->
            val elements = plan.elements
            val planName = elements.first { it.tagName == "TestPlan" }.getAttribute("testname")
            val fragments = elements.filter { it.tagName == "TestFragmentController" }.map { it.getAttribute("testname") }.toSet()
            elements.filter { it.tagName == "ModuleController" }.mapNotNull { mc ->
                val path = mc.modulePath()
                if (path.size == 3 && path[0] == "Test Plan" && path[1] == planName && path[2] in fragments) null
                else "${plan.name}: '${mc.getAttribute("testname")}' points at $path"
            }
        }
        assertThat(problems).isEmpty()
    }

    @Test
    fun `the fan-out plan holds as many room slots and trial slots as it says, each its warm-up and steps on its own slot`() {
        val elements = plans.single { it.name == "fanout.jmx" }.elements
        val slots = elements.first { it.tagName == "elementProp" && it.getAttribute("name") == "fanoutSlots" }.prop("Argument.value")!!.toInt()
        val trialSlots = elements.first { it.tagName == "elementProp" && it.getAttribute("name") == "fanoutTrialSlots" }.prop("Argument.value")!!.toInt()
        val (trials, groups) = elements.filter { it.tagName == "OpenModelThreadGroup" }.partition { it.getAttribute("testname").startsWith("fanout trial ") }
        assertThat(trials.map { it.getAttribute("testname") }).containsExactlyElementsOf((1..trialSlots).map { "fanout trial $it" })
        assertThat(trials.filter { t -> "'fanout trial'\\, ''\\, ${t.getAttribute("testname").removePrefix("fanout trial ")})" !in t.prop("OpenModelThreadGroup.schedule")!! }).isEmpty()
        val bySlot = groups.groupBy { Regex("""^fanout room (\d+) \(""").find(it.getAttribute("testname"))?.groupValues?.get(1) }
        assertThat(bySlot.keys).containsExactlyElementsOf((1..slots).map { it.toString() })
        val wrong = groups.filter { group ->
            val slot = Regex("""^fanout room (\d+) \(""").find(group.getAttribute("testname"))!!.groupValues[1]
            "'fanout'\\, '$slot'\\," !in group.prop("OpenModelThreadGroup.schedule")!!
        }.map { it.getAttribute("testname") }
        assertThat(wrong).isEmpty()
        assertThat(bySlot.values.map { it.size }.toSet()).containsExactly(11)
    }

    companion object {
        /** Consecutive lines of code two scripts may share before they count as a near-copy. */
        const val NEAR_COPY = 6
    }
}
