package chatlab.lab

import tools.jackson.databind.JsonNode

/**
 * A filled meeting as one party sees it: which arrival it was (0-based) and what every party handed in, in the order
 * they came, the same list for each of them.
 */
data class Meeting(val key: String, val party: Int, val contributions: List<JsonNode>)
