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
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import kotlin.io.path.exists
import kotlin.io.path.readLines
import kotlin.io.path.readText
import kotlin.io.path.writeText

/**
 * The load run's plans on this machine run one after another in one JVM (`src/build/runner.groovy`), each as JMeter's
 * command line runs it: here two small plans on the JMeter the build installed (`jmeter:configure`, before the tests).
 */
class RunnerScriptTest {
    private val rounds = GroovyShell(Binding()).evaluate(Path.of("src/build/rounds.groovy").toFile()) as GroovyObject

    @TempDir
    lateinit var dir: Path

    /** A plan whose one sample fails when a property an earlier plan set is still there, and reports its JVM and property. */
    private fun plan(name: String) = dir.resolve("$name.jmx").apply {
        val script = listOf(
            "def leaked = props.get('chatlab.runnerTest')",
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

    @Test
    fun `two plans run in one JVM, each with its own properties, results, log and dashboard`() {
        plan("first")
        plan("second")
        val jmeter = jmeter()
        val runs = listOf(1, 2).map { round ->
            val run = mapOf("plan" to if (round == 1) "first" else "second", "round" to round, "engines" to "",
                "properties" to if (round == 2) mapOf("runnerTestSetting" to "set") else emptyMap())
            @Suppress("UNCHECKED_CAST")
            val args = rounds.invokeMethod("arguments", arrayOf(run, jmeter)) as List<String>
            for (option in listOf("-l", "-j", "-o")) File(args[args.indexOf(option) + 1]).parentFile.mkdirs()
            mapOf("label" to "${run["plan"]}", "log" to rounds.invokeMethod("logFile", arrayOf(run, jmeter)), "args" to args)
        }
        val runsFile = dir.resolve("runs.json").apply { writeText(JsonOutput.toJson(runs)) }
        val java = File(System.getProperty("java.home"), "bin/java").path
        @Suppress("UNCHECKED_CAST")
        val command = rounds.invokeMethod("runnerCommand", arrayOf(jmeter, java, File("src/build/runner.groovy").absolutePath, runsFile.toString())) as List<String>
        val process = ProcessBuilder(command).directory(File(jmeter.getValue("home"), "bin")).redirectErrorStream(true).start()
        val output = process.inputStream.bufferedReader().readText()
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue()
        assertThat(process.exitValue()).describedAs(output).isZero()
        assertThat(output).contains("chatlab load first", "chatlab load second")

        val samples = listOf("round-1/first", "round-2/second").map { dir.resolve("results/$it.csv").readLines() }
        val header = samples[0][0].split(',')
        val rows = samples.map { it.drop(1).single().split(',') }
        assertThat(rows.map { it[header.indexOf("success")] }).containsExactly("true", "true")
        val messages = rows.map { it[header.indexOf("responseMessage")].split(' ') }
        assertThat(messages[0][0]).isEqualTo(messages[1][0])
        assertThat(messages.map { it[1] }).containsExactly("null", "set")
        assertThat(dir.resolve("logs/round-1/first.log").readText()).contains("first.jmx").doesNotContain("second.jmx")
        assertThat(dir.resolve("logs/round-2/second.log").readText()).contains("second.jmx").doesNotContain("first.jmx")
        assertThat(listOf("round-1/first", "round-2/second").map { dir.resolve("reports/$it/index.html").exists() }).containsOnly(true)
    }
}
