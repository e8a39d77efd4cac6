package chatlab.cluster

import chatlab.message.ChatMessageDto
import chatlab.message.Conversation
import chatlab.message.ForgedFrames
import chatlab.message.StalledMembers
import chatlab.message.StompClient
import chatlab.system.error.ApiError
import org.assertj.core.api.Assertions.assertThat
import org.awaitility.kotlin.await
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import java.time.Duration
import java.util.UUID
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * Two instances relaying to one broker (embedded Artemis, or the machine's RabbitMQ with -Dchatlab.cluster.relay),
 * each a process of its own, sharing one set of stores: what a client on either one sees.
 */
@ExtendWith(SharedCluster::class)
class CrossInstanceIT(private val cluster: Cluster) {
    private val run = UUID.randomUUID().toString().take(8)
    private val a = cluster.ports[0]
    private val b = cluster.ports[1]
    private val mint = { user: Long -> cluster.client(0).token(user) }

    private fun members(room: Long) = cluster.jdbc().queryForList("SELECT user_id FROM room_membership WHERE room_id = ? ORDER BY user_id", Long::class.java, room).requireNoNulls()

    private class Session(port: Int, token: String) {
        val client = StompClient(port)
        val session = client.connect(token) ?: error("could not connect to $port")
        fun room(room: Long): LinkedBlockingQueue<ChatMessageDto> = client.subscribe(session, "/topic/chat-rooms.$room", ChatMessageDto::class.java)
        val errors: LinkedBlockingQueue<ApiError> = client.subscribe(session, "/user/queue/errors", ApiError::class.java)
        fun send(room: Long, content: String, clientMessageId: String, store: String = "mysql") =
            client.send(session, room, mapOf("content" to content, "clientMessageId" to clientMessageId), store)
    }

    private fun LinkedBlockingQueue<ChatMessageDto>.await(clientMessageId: String): ChatMessageDto =
        generateSequence { poll(10, TimeUnit.SECONDS) }.firstOrNull { it.clientMessageId == clientMessageId }
            ?: error("no broadcast of $clientMessageId within 10 s")

    @Test
    fun `several senders on both instances, and every member on either gets every message once, each sender's in order, with history equal to every live view`() {
        val room = 7L
        val members = members(room)
        val conversation = Conversation(cluster.ports, room, members, members.take(4), perSender = 40, store = "mysql", mint = mint)
        try {
            conversation.audit(conversation.run(), cluster.history(room, "mysql", members.first()))
        } finally {
            conversation.close()
        }
    }

    @Test
    fun `a refused SEND's reason reaches the sender's own session only, whichever instance either session is on`() {
        val onA = Session(a, mint(1))
        val onB = Session(b, mint(1)) // the same user, a second session on the other instance
        val roomOnB = onB.room(5)
        for ((refused, bystander) in listOf(onA to onB, onB to onA)) {
            refused.send(5, "", "empty-$run")
            assertThat(refused.errors.poll(10, TimeUnit.SECONDS)?.message).contains("content must not be empty")
            // A later message from the same instance has come through the broker: an error meant for the other session would have too.
            val sentinel = "after-refusal-$run-${refused.hashCode()}"
            refused.send(5, "sentinel", sentinel)
            roomOnB.await(sentinel)
            assertThat(bystander.errors).describedAs("errors on the other session of the same user").isEmpty()
        }
    }

    @Test
    fun `a client on either instance cannot SEND to a room's topic, another user's queue or the relay's own destinations`() {
        val forged = ForgedFrames(mint, room = 9, otherRoom = 10, forger = 1, victim = 2, bystander = 3)
        assertThat(members(9) to members(10)).isEqualTo(listOf(1L, 2L) to listOf(3L, 4L))
        forged.check(forgerPort = a, victimPort = b, bystanderPort = a)
        forged.check(forgerPort = b, victimPort = b, bystanderPort = a)
    }

    @Test
    fun `members who stop reading on one instance are cut off while a reading member there keeps getting every message`() {
        StalledMembers(mint).check(room = 9, stalledPort = a, stalledUser = 1, readerPort = a, reader = 2, senderPort = b, sender = 1)
    }

    @Test
    fun `a SEND retried on the other instance with the same clientMessageId is stored once and broadcast with the same id`() {
        for (store in listOf("mysql", "mongo")) {
            val listener = Session(a, mint(2)).room(6)
            val clientMessageId = "retry-$run-$store"
            Session(a, mint(1)).send(6, "said once", clientMessageId, store)
            val first = listener.await(clientMessageId)
            Session(b, mint(1)).send(6, "said once", clientMessageId, store)
            assertThat(listener.await(clientMessageId).id).describedAs(store).isEqualTo(first.id)
            assertThat(cluster.history(6, store, 1, limit = 200).count { it.clientMessageId == clientMessageId }).describedAs(store).isEqualTo(1)
        }
    }

    @Test
    fun `a member subscribed to one room on one instance receives nothing of another room sent on the other`() {
        val inbox = Session(b, mint(1)).room(5)
        val sender = Session(a, mint(2))
        (1..20).forEach { sender.send(6, "for room 6 only", "other-room-$run-$it") }
        sender.send(5, "for room 5", "own-room-$run")
        val received = generateSequence { inbox.poll(10, TimeUnit.SECONDS) }.takeWhile { it.clientMessageId != "own-room-$run" }.toList() +
            listOfNotNull(inbox.poll(1, TimeUnit.SECONDS))
        assertThat(received).describedAs("room 5's subscriber on instance B").allMatch { it.roomId == 5L }
    }

    @Test
    fun `users connected to one instance are known on the other, through the broker's user registry broadcast`() {
        // Settled first: both count the same users once no stopped instance's last broadcast lingers (the fault drills
        // restart instances; a restarted one has a new registry id, and the old one's users expire from the other later).
        await.atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1)).until { users(a) == users(b) }
        val before = users(b)
        val sessions = (41L..43L).map { Session(a, mint(it)) }
        await.atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofSeconds(1)).until { users(b) >= before + sessions.size }
        assertThat(users(a)).describedAs("users on the instance they connected to").isGreaterThanOrEqualTo(before + sessions.size)
        sessions.forEach { it.session.disconnect() }
    }

    @Test
    fun `exactly one instance seeded the shared stores, the other waited for it`() {
        val logs = cluster.servers.map { it.logText() }
        // How each instance's first start ended (the fault drill restarts one, which then finds the seed again).
        val first = logs.map { log -> log.lines().first { "Seeded 10 rooms" in it || "Seed data already present" in it }.let { if ("Seeded" in it) "seeded" else "found it" } }
        assertThat(first).describedAs("first starts").containsExactlyInAnyOrder("seeded", "found it")
        assertThat(logs.sumOf { Regex("Seeded 10 rooms").findAll(it).count() }).describedAs("seeds over every start").isEqualTo(1)
    }

    private fun users(port: Int): Int {
        val index = cluster.ports.indexOf(port)
        val activity = cluster.client(index).get("/api/v1/lab/activity", 1, scope = "lab")!!
        check(activity.status == 200) { "activity: ${activity.status} ${activity.body}" }
        return (activity.body["stompUsers"] as Number).toInt()
    }
}
