package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.util.ArrayDeque
import java.util.Properties

/** Who enters which fan-out room before the plan's steps (`scripts/fanout-members.groovy`): only users the seed left out. */
class FanoutMembersScriptTest {

    private fun pending(members: String, rooms: String, index: Int = 0, count: Int = 1): List<List<Long>> {
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf<String, Any?>(
            "fanoutMembers" to members, "fanoutRooms" to rooms, "loadUsers" to "100", "fanoutTwinRoom" to "77",
            "fanoutBlocks" to "4", "fanoutTrialMembers" to "5",
        ))
        GroovyShell(Binding().apply {
            setVariable("vars", vars)
            setVariable("props", Properties().apply { put("chatlab.engine", mapOf("index" to index, "count" to count)) })
            setVariable("SampleResult", FanoutAuditScriptTest.Result())
        }).evaluate(planScripts.resolve("fanout-members.groovy").toFile())
        @Suppress("UNCHECKED_CAST")
        return (vars.getObject("pending") as ArrayDeque<List<Long>>).toList()
    }

    @Test
    fun `rooms of no more members than the seed's load users need no one to enter, larger ones the users past them`() {
        assertThat(pending("3,5", "80,79")).describedAs("rooms of 3 and 5, and the twin's of 5: all seeded members").isEmpty()
        val entries = pending("10,103", "80,79")
        assertThat(entries).containsExactly(listOf(79L, 101L), listOf(79L, 102L), listOf(79L, 103L))
    }

    @Test
    fun `each engine enters every count-th user`() {
        assertThat(pending("104", "78", index = 1, count = 2)).containsExactly(listOf(78L, 102L), listOf(78L, 104L))
    }
}
