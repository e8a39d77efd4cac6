package chatlab.seat

import chatlab.IntegrationTest
import chatlab.auth.JwtTokens
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.resttestclient.TestRestTemplate
import org.springframework.http.HttpEntity
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpMethod
import org.springframework.http.ResponseEntity
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.transaction.support.TransactionTemplate
import java.util.concurrent.CountDownLatch
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** Each seats strategy under a real rush against the embedded MariaDB and Redis, judged by the lab's audit. */
@IntegrationTest
class SeatsIT(
    @Autowired private val rest: TestRestTemplate,
    @Autowired private val tokens: JwtTokens,
    @Autowired private val lab: SeatLab,
    @Autowired private val rows: SeatRows,
    @Autowired private val tx: TransactionTemplate,
    @Autowired private val jdbc: JdbcTemplate,
) {
    private fun call(method: HttpMethod, path: String, token: String?): ResponseEntity<Map<*, *>> =
        rest.exchange(path, method, HttpEntity<Unit>(HttpHeaders().apply { if (token != null) setBearerAuth(token) }), Map::class.java)

    private fun enter(room: Long, user: Long, strategy: String) = call(HttpMethod.POST, "/api/v1/chat-rooms/$room/enter?seats=$strategy", tokens.mint(user))

    private fun reset(room: Long, seats: Int, users: Int = 200) =
        call(HttpMethod.PUT, "/api/v1/lab/seats/rooms/$room?seats=$seats&users=$users", tokens.mint(1, scope = "lab"))

    /** [entrants] users, each entering twice, all released at once from [threads] threads; the answers' status codes. */
    private fun rush(room: Long, strategy: String, entrants: Int, threads: Int = 32): List<Int> {
        val pool = Executors.newFixedThreadPool(threads)
        val start = CountDownLatch(1)
        try {
            val answers = (1..entrants).flatMap { listOf(it, it) }.shuffled().map { user ->
                pool.submit<Int> {
                    start.await()
                    enter(room, 100L + user, strategy).statusCode.value()
                }
            }
            start.countDown()
            return answers.map { it.get(60, TimeUnit.SECONDS) }
        } finally {
            pool.shutdownNow()
        }
    }

    @ParameterizedTest
    @EnumSource(SeatStrategy::class)
    fun `a rush never oversells and never seats anyone twice`(strategy: SeatStrategy) {
        val room = SeatLab.FIRST_EVENT_ROOM + strategy.ordinal
        assertThat(reset(room, seats = 20).statusCode.value()).isEqualTo(200)
        val answers = rush(room, strategy.key, entrants = 60)
        assertThat(answers).describedAs("only seats and clean refusals").allMatch { it == 200 || it == 409 }
        assertThat(answers.count { it == 409 }).describedAs("40 entrants found no seat, twice each").isEqualTo(80)
        val audit = lab.audit(room, entrants = 60)
        assertThat(audit.problems).isEmpty()
        assertThat(audit.members).isEqualTo(20L)
        if (strategy == SeatStrategy.REDIS_GATE) assertThat(audit.gateCount).isEqualTo(20L)
    }

    @Test
    fun `a check outside any lock oversells under the same rush, and the audit says so`() {
        val room = SeatLab.FIRST_EVENT_ROOM + 10
        reset(room, seats = 5)
        val racers = 12
        val barrier = CyclicBarrier(racers)
        val pool = Executors.newFixedThreadPool(racers)
        // The planted bug: every entrant checks for a free seat, then (after all have checked) takes one.
        val planted = (1..racers).map { user ->
            pool.submit {
                val free = rows.members(room) < rows.capacity(room)
                barrier.await(10, TimeUnit.SECONDS)
                if (free) tx.executeWithoutResult { rows.insertMember(room, 100L + user); rows.countSeat(room) }
            }
        }
        planted.forEach { it.get(30, TimeUnit.SECONDS) }
        pool.shutdown()
        assertThat(lab.audit(room, entrants = racers.toLong()).problems).anySatisfy { assertThat(it).startsWith("oversold: 12 members for 5 seats") }
    }

    @Test
    fun `a gate seat whose database write fails is given back`() {
        val room = SeatLab.FIRST_EVENT_ROOM + 11
        reset(room, seats = 3)
        assertThat(enter(room, 105, "db-atomic").body!!["seated"]).isEqualTo("now")
        val again = enter(room, 105, "redis-gate") // admitted by the gate, refused by MySQL's key: the gate takes it back
        assertThat(again.statusCode.value()).isEqualTo(200)
        assertThat(again.body!!["seated"]).isEqualTo("before")
        val audit = lab.audit(room, null)
        assertThat(audit.gateCount).isEqualTo(0L)
        assertThat(audit.gateUsers).isEqualTo(0L)
        assertThat(audit.members).isEqualTo(1L)
    }

    @Test
    fun `bad input and a full room get clear JSON answers`() {
        val room = SeatLab.FIRST_EVENT_ROOM + 12
        reset(room, seats = 1)
        assertThat(enter(room, 101, "db-lock").statusCode.value()).isEqualTo(200)
        val full = enter(room, 102, "db-lock")
        assertThat(full.statusCode.value()).isEqualTo(409)
        assertThat(full.body!!["message"].toString()).contains("full")
        val unknown = enter(room, 102, "optimistic")
        assertThat(unknown.statusCode.value()).isEqualTo(400)
        assertThat(unknown.body!!["message"].toString()).contains("db-atomic, db-lock, redis-lock, redis-gate")
        assertThat(enter(SeatLab.FIRST_EVENT_ROOM + 99, 101, "db-atomic").statusCode.value()).isEqualTo(404)
        assertThat(reset(5, seats = 10).statusCode.value()).isEqualTo(400)
        assertThat(jdbc.queryForObject("SELECT capacity FROM chat_room WHERE id = 5", Int::class.java)).isNotEqualTo(10)
    }

    @Test
    fun `the seats lab endpoints need a token with the lab scope`() {
        val room = SeatLab.FIRST_EVENT_ROOM + 13
        assertThat(call(HttpMethod.PUT, "/api/v1/lab/seats/rooms/$room?seats=5", tokens.mint(1)).statusCode.value()).isEqualTo(403)
        assertThat(call(HttpMethod.GET, "/api/v1/lab/seats/rooms/$room/audit", tokens.mint(1)).statusCode.value()).isEqualTo(403)
        assertThat(call(HttpMethod.GET, "/api/v1/lab/seats/rooms/$room/audit", null).statusCode.value()).isEqualTo(401)
        assertThat(reset(room, seats = 5).body!!["seats"]).isEqualTo(5)
        assertThat(call(HttpMethod.GET, "/api/v1/lab/seats/rooms/$room/audit?entrants=0", tokens.mint(1, scope = "lab")).body!!["held"]).isEqualTo(true)
    }
}
