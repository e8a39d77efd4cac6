package chatlab.lab

import chatlab.message.StageTotal

/**
 * The send path's stages (store, broker, outbound), each with its count and total time so far, and the CPU the server
 * instances and their backends have used so far ([CpuMeter]; a load plan divides its difference over a window by the
 * deliveries in it).
 */
data class SendStages(val stages: Map<String, StageTotal>, val cpuSeconds: CpuSeconds? = null)
