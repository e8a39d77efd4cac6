package chatlab.cluster

import org.assertj.core.api.Assertions.assertThat
import org.awaitility.core.ConditionTimeoutException
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.slf4j.LoggerFactory
import java.time.Duration
import java.util.UUID
import kotlin.concurrent.thread

/**
 * Under load, the broker is stopped, then killed, then an instance is killed; clients reconnect (to the other instance
 * when theirs is gone), retry unacknowledged SENDs with the same clientMessageId and catch up by reading history.
 * Afterwards every acknowledged message is stored exactly once and every member either received it live or caught up
 * with it: nothing acknowledged is lost.
 */
@ExtendWith(SharedCluster::class)
class FaultDrillIT(private val cluster: Cluster) {
    private val room = 8L
    private val run = "drill-" + UUID.randomUUID().toString().take(8)

    @Test
    fun `every acknowledged message is stored once and reaches every member, live or by catch-up, through broker and instance failures`() {
        val members = cluster.jdbc().queryForList("SELECT user_id FROM room_membership WHERE room_id = ? ORDER BY user_id", Long::class.java, room).requireNoNulls()
        val senders = members.take(3).mapIndexed { i, user -> DrillSender(cluster, user, room, i, run) }
        val listeners = members.drop(3).take(6).mapIndexed { i, user -> DrillClient(cluster, user, room, i) }
        (senders + listeners).forEach { it.start() }
        val load = senders.map { sender -> thread(name = "drill-sender-${sender.user}") { sender.loop() } }
        val broker = BrokerControl.of(cluster)
        val drills = mutableListOf<String>()
        var displaced = emptyList<DrillClient>()
        try {
            progress(senders)
            if (broker != null) {
                drill("broker stopped", senders, drills) { broker.stop(); outage(); broker.start() }
                drill("broker killed", senders, drills) { broker.kill(); outage(); broker.start() }
            } else {
                log.warn("Broker drills skipped: no commands to stop, kill and start {} (-Dchatlab.cluster.brokerStop, …)", cluster.brokerName)
            }
            val victim = cluster.servers[1]
            // The broker drills may have left every client of instance 2 on instance 1 (a CONNECT refused while the broker
            // was away moves a client on): send them home, so that killing instance 2 displaces some.
            await.atMost(Duration.ofSeconds(60)).until { (senders + listeners).all { it.rehome() } }
            displaced = (senders + listeners).filter { it.port == cluster.ports[1] }
            assertThat(displaced).describedAs("clients on the instance about to be killed").isNotEmpty()
            drill("instance killed", senders, drills) {
                victim.kill()
                progress(senders) // the clients of the dead instance carry on through the other one
                victim.start()
                cluster.awaitReady(cluster.ports[1])
            }
        } finally {
            senders.forEach { it.running = false }
            load.forEach { it.join(60_000) }
        }
        listeners.forEach { it.catchUp() }
        (senders + listeners).forEach { it.close() }

        val acked = senders.flatMap { it.acked.entries }.associate { it.key to it.value }
        val stored = cluster.history(room, DrillClient.STORE, members.first(), limit = acked.size + 1_000).filter { it.clientMessageId.startsWith("$run-") }
        val live = listeners.sumOf { l -> acked.values.count { it in l.live.keys } }
        val caughtUp = listeners.sumOf { l -> acked.values.count { it in l.caughtUp.keys && it !in l.live.keys } }
        val lost = listeners.sumOf { l -> acked.values.count { it !in l.seen } }
        log.info(
            "Fault drill on {} ({}): {} messages acknowledged after {} attempts, {} stored; per listener: delivered live {}, caught up {}, lost {} " +
                "(of {} x {}); {} redelivered by retries; reconnects: senders {}, listeners {}",
            cluster.brokerName, drills.joinToString(", "), acked.size, senders.sumOf { it.attempts.get() }, stored.size, live, caughtUp, lost,
            acked.size, listeners.size, listeners.sumOf { it.redelivered.get() }, senders.sumOf { it.reconnects.get() }, listeners.sumOf { it.reconnects.get() },
        )
        assertThat(stored.map { it.clientMessageId }).describedAs("every acknowledged message stored once, nothing else of this drill").doesNotHaveDuplicates()
        assertThat(stored.associate { it.clientMessageId to it.id }).isEqualTo(acked)
        assertThat(lost).describedAs("acknowledged messages a listener neither received nor caught up with").isZero()
        assertThat(listeners.sumOf { it.reconnects.get() }).describedAs("listeners that had to reconnect").isPositive()
        assertThat(displaced).describedAs("clients of the killed instance, now on the other").allMatch { it.port == cluster.ports[0] }
    }

    /** Runs [fault] under load, then waits until every sender is acknowledged again. */
    private fun drill(name: String, senders: List<DrillSender>, done: MutableList<String>, fault: () -> Unit) {
        log.info("Drill: {}", name)
        fault()
        progress(senders)
        done += name
    }

    /** Every sender gets [MESSAGES] more messages acknowledged. */
    private fun progress(senders: List<DrillSender>) {
        val before = senders.associateWith { it.acked.size }
        try {
            await.atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200)).until { senders.all { it.acked.size >= before.getValue(it) + MESSAGES } }
        } catch (stuck: ConditionTimeoutException) {
            throw AssertionError("senders made no progress: " + senders.joinToString { "user ${it.user} on ${it.port}: ${before.getValue(it)} → ${it.acked.size} acked, ${it.attempts} attempts" }, stuck)
        }
    }

    /** How long a stopped or killed broker stays down: several of the senders' 20 ms paces, less than a reconnect cycle. */
    private fun outage() = Thread.sleep(OUTAGE_MS)

    private companion object {
        val log = LoggerFactory.getLogger(FaultDrillIT::class.java)
        const val MESSAGES = 20
        const val OUTAGE_MS = 2_000L
    }
}
