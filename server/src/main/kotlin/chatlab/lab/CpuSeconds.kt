package chatlab.lab

/**
 * CPU seconds used so far by the server instances (this JVM with the in-process MongoDB stand-in, and any it started) and by
 * the backend servers it started; [deployments], the part of [server] each further deployment's instances used, by name.
 */
data class CpuSeconds(val server: Double, val backends: Double, val deployments: Map<String, Double> = emptyMap()) {
    val total: Double get() = server + backends
}
