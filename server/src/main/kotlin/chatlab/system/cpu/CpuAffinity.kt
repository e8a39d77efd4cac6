package chatlab.system.cpu

import java.nio.file.Files
import java.nio.file.Path

/** The CPUs a process may run on (Linux `Cpus_allowed_list`, e.g. `0-1`), and pinning them with `taskset`. */
object CpuAffinity {

    /** This process's allowed CPUs, or `?` where the operating system does not say. */
    fun allowed(pid: Long = ProcessHandle.current().pid()): String = runCatching {
        Files.readAllLines(Path.of("/proc/$pid/status")).first { it.startsWith("Cpus_allowed_list:") }.substringAfter(':').trim()
    }.getOrDefault("?")

    /** Pins every thread of [pid] to [cpus] (a taskset list such as `1` or `0,2-3`); threads and child processes made later inherit it. */
    fun pin(cpus: String, pid: Long = ProcessHandle.current().pid()) {
        require(cpus.matches(Regex("[0-9]+([-,][0-9]+)*"))) { "chatlab.cpus must be a CPU list such as 1 or 0,2-3, was '$cpus'" }
        val process = ProcessBuilder("taskset", "-a", "-p", "-c", cpus, pid.toString()).redirectErrorStream(true).start()
        val output = process.inputStream.bufferedReader().readText()
        check(process.waitFor() == 0) { "taskset could not pin process $pid to CPUs $cpus: ${output.trim()}" }
    }
}
