package chatlab.plans

import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import groovy.lang.Binding
import groovy.lang.GroovyObject
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.net.ServerSocket
import java.net.Socket
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit
import kotlin.io.path.exists
import kotlin.io.path.readLines
import kotlin.io.path.readText
import kotlin.io.path.writeText

/**
 * The load run's plans run one after another in one JVM (`src/build/runner.groovy`), each as JMeter's command line runs
 * it: here two small plans on the JMeter the build installed (`jmeter:configure`, before the tests), on this machine and
 * sent to a JMeter engine.
 */
class RunnerScriptTest {
    private val rounds = GroovyShell(Binding()).evaluate(Path.of("src/build/rounds.groovy").toFile()) as GroovyObject

    @TempDir
    lateinit var dir: Path

    /**
     * A plan whose one sample reports its JVM and a property, and fails when a property an earlier plan set is still
     * there ([fresh]: an engine keeps its properties from one test to the next, as JMeter's own engines do).
     */
    private fun plan(name: String, fresh: Boolean = true) = dir.resolve("$name.jmx").apply {
        val script = listOf(
            "def leaked = ${if (fresh) "props.get('chatlab.runnerTest')" else "null"}",
            "props.put('chatlab.runnerTest', '$name')",
            "SampleResult.setResponseMessage(ProcessHandle.current().pid() + ' ' + props.get('runnerTestSetting'))",
            "SampleResult.setSuccessful(leaked == null)",
        ).joinToString("; ").replace("&", "&amp;").replace("<", "&lt;").replace("'", "&apos;")
        writeText(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
              <hashTree>
                <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="$name"/>
                <hashTree>
                  <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="one">
                    <intProp name="ThreadGroup.num_threads">1</intProp>
                    <intProp name="ThreadGroup.ramp_time">0</intProp>
                    <elementProp name="ThreadGroup.main_controller" elementType="LoopController" guiclass="LoopControlPanel" testclass="LoopController" testname="loop">
                      <stringProp name="LoopController.loops">1</stringProp>
                      <boolProp name="LoopController.continue_forever">false</boolProp>
                    </elementProp>
                  </ThreadGroup>
                  <hashTree>
                    <JSR223Sampler guiclass="TestBeanGUI" testclass="JSR223Sampler" testname="sample $name">
                      <stringProp name="scriptLanguage">groovy</stringProp>
                      <stringProp name="cacheKey">true</stringProp>
                      <stringProp name="script">$script</stringProp>
                    </JSR223Sampler>
                    <hashTree/>
                  </hashTree>
                </hashTree>
              </hashTree>
            </jmeterTestPlan>
            """.trimIndent(),
        )
    }

    @Suppress("UNCHECKED_CAST")
    private fun jmeter(): Map<String, String> {
        val config = JsonSlurper().parse(File("target/config.json")) as Map<String, Any>
        val configuration = (config["configurations"] as List<Map<String, Any>>).first { it["executionID"] == "configuration" }
        return mapOf(
            "home" to configuration["jmeterDirectoryPath"] as String, "jar" to configuration["runtimeJarName"] as String,
            "plans" to dir.toString(), "results" to "$dir/results", "reports" to "$dir/reports", "logs" to "$dir/logs", "dashboards" to "true",
        )
    }

    /** Runs [plans] (plan, properties) in rounds 1, 2, ... through runner.groovy on [engines]; its output and each plan's sample. */
    private fun run(jmeter: Map<String, String>, plans: List<Pair<String, Map<String, String>>>, engines: String = ""): Pair<String, List<List<String>>> {
        val runs = plans.mapIndexed { i, (plan, properties) ->
            val run = mapOf("plan" to plan, "round" to i + 1, "engines" to engines, "properties" to properties)
            @Suppress("UNCHECKED_CAST")
            val args = rounds.invokeMethod("arguments", arrayOf(run, jmeter)) as List<String>
            for (option in listOf("-l", "-j", "-o")) if (option in args) File(args[args.indexOf(option) + 1]).parentFile.mkdirs()
            mapOf("label" to plan, "log" to rounds.invokeMethod("logFile", arrayOf(run, jmeter)), "args" to args)
        }
        val runsFile = dir.resolve("runs.json").apply { writeText(JsonOutput.toJson(runs)) }
        val java = File(System.getProperty("java.home"), "bin/java").path
        @Suppress("UNCHECKED_CAST")
        val command = rounds.invokeMethod("runnerCommand", arrayOf(jmeter, java, File("src/build/runner.groovy").absolutePath, runsFile.toString())) as List<String>
        val process = ProcessBuilder(command).directory(File(jmeter.getValue("home"), "bin")).redirectErrorStream(true).start()
        val output = process.inputStream.bufferedReader().readText()
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue()
        assertThat(process.exitValue()).describedAs(output).isZero()
        val samples = plans.mapIndexed { i, (plan, _) -> dir.resolve("results/round-${i + 1}/$plan.csv").readLines() }
        val header = samples[0][0].split(',')
        // Every plan's results are whole when the next starts: its header and its one sample.
        return output to samples.map { lines -> lines.drop(1).single().split(',').let { listOf(it[header.indexOf("success")], it[header.indexOf("responseMessage")]) } }
    }

    @Test
    fun `two plans run in one JVM, each with its own properties, results, log and dashboard`() {
        plan("first")
        plan("second")
        val jmeter = jmeter()
        val (output, rows) = run(jmeter, listOf("first" to emptyMap(), "second" to mapOf("runnerTestSetting" to "set")))
        assertThat(output).contains("chatlab load first", "chatlab load second")
        assertThat(rows.map { it[0] }).containsExactly("true", "true")
        val messages = rows.map { it[1].split(' ') }
        assertThat(messages[0][0]).isEqualTo(messages[1][0])
        assertThat(messages.map { it[1] }).containsExactly("null", "set")
        assertThat(dir.resolve("logs/round-1/first.log").readText()).contains("first.jmx").doesNotContain("second.jmx")
        assertThat(dir.resolve("logs/round-2/second.log").readText()).contains("second.jmx").doesNotContain("first.jmx")
        assertThat(listOf("round-1/first", "round-2/second").map { dir.resolve("reports/$it/index.html").exists() }).containsOnly(true)
    }

    @Test
    fun `plans sent to an engine run there one after another from one JVM, each ended with its results whole`() {
        plan("first", fresh = false)
        plan("second", fresh = false)
        val jmeter = jmeter() + ("dashboards" to "false")
        val port = ServerSocket(0).use { it.localPort }
        val java = File(System.getProperty("java.home"), "bin/java").path
        val engine = ProcessBuilder(java, "-Djava.rmi.server.hostname=127.0.0.1", "-jar", "${jmeter["home"]}/bin/${jmeter["jar"]}", "-s", "-Jserver_port=$port",
            "-j", dir.resolve("engine.log").toString()).directory(File(jmeter.getValue("home"), "bin")).redirectErrorStream(true)
            .redirectOutput(dir.resolve("engine.out").toFile()).start()
        try {
            val deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos()
            while (runCatching { Socket("127.0.0.1", port).close() }.isFailure) {
                check(engine.isAlive && System.nanoTime() < deadline) { "the engine did not listen on $port: ${dir.resolve("engine.out").readText()}" }
                Thread.sleep(200)
            }
            val (output, rows) = run(jmeter, listOf("first" to emptyMap(), "second" to mapOf("runnerTestSetting" to "set")), "127.0.0.1:$port")
            assertThat(output).contains("chatlab load first", "chatlab load second")
            assertThat(rows.map { it[0] }).containsExactly("true", "true")
            // Both ran on the engine, and the property the second run sent reached it.
            assertThat(rows.map { it[1] }).containsExactly("${engine.pid()} null", "${engine.pid()} set")
        } finally {
            engine.destroyForcibly().waitFor(10, TimeUnit.SECONDS)
        }
    }
}
