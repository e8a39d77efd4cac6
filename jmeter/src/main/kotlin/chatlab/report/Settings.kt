package chatlab.report

/** Plan settings and environment, as readable lines. */
object Settings {
    fun describe(shape: Shape, settings: Map<String, String>): String = when (shape) {
        Shape.REFERENCE -> "Threads ${settings["threads"] ?: "?"}, ramp-up ${settings["rampUp"] ?: "?"} s, loops ${settings["loops"] ?: "?"} per thread, each thread group capped at ${settings["duration"] ?: "?"} s."
        Shape.SATURATION -> "Threads ${settings["satThreads"] ?: "?"}, ramp-up ${settings["satRampUp"] ?: "?"} s, looping for ${settings["satDuration"] ?: "?"} s per thread group."
    }

    fun environmentLines(env: Environment): List<String> = buildList {
        for ((key, backend) in env.backends) {
            add("$key: ${backend.label}" + (backend.note?.let { " — $it" } ?: ""))
        }
        if (env.backends.isEmpty()) add("backends: not reported (the preflight plan did not keep /actuator/info)")
        env.machine["cpus"]?.let { add("server machine: $it CPUs, ${env.machine["os"] ?: "?"}; JMeter ran on the same machine") }
        env.machine["jvm"]?.let { add("server JVM: $it, max heap ${env.machine["maxHeapMb"] ?: "?"} MB") }
        add("JMeter ${env.settings["jmeter"] ?: "?"}; seeded messages per store: ${env.settings["seedMessages"] ?: "?"}; offset pages drawn from: ${env.settings["pages"] ?: "?"}")
        if (env.runStart != null && env.runEnd != null) add("samples taken ${env.runStart} – ${env.runEnd}")
        add("report generated ${env.generatedAt}")
    }
}
