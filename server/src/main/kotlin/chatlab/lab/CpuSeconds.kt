package chatlab.lab

/** CPU seconds used so far by this JVM (with the in-process MongoDB stand-in) and by the servers it started. */
data class CpuSeconds(val server: Double, val backends: Double) {
    val total: Double get() = server + backends
}
