package chatlab.lab

import chatlab.message.StageTotal

/** The send path's stages (store, broker, outbound), each with its count and total time so far. */
data class SendStages(val stages: Map<String, StageTotal>)
