package chatlab.stack

import com.mongodb.client.MongoClients
import com.mongodb.client.model.IndexOptions
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.bson.Document
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import java.time.Instant
import java.util.Date

class MongoStandInTest {
    private val standIn = MongoStandIn.start()
    private val client = MongoClients.create(standIn.properties.getValue("spring.mongodb.uri") as String)
    private val collection = client.getDatabase(MongoStandIn.DATABASE).run { createCollection("docs"); getCollection("docs") }

    @AfterEach
    fun close() {
        client.close()
        standIn.close()
    }

    private fun fields(id: Long) = linkedMapOf<String, Any?>(
        "_id" to id, "roomId" to 7L, "type" to "TALK", "content" to "héllo 🎉", "sentAt" to Date.from(Instant.parse("2025-02-01T10:00:00.123Z")),
        "clientMessageId" to "c-$id",
    )

    @Test
    fun `a document loaded in-process reads back over the wire exactly like one inserted over the wire`() {
        standIn.insert("${MongoStandIn.DATABASE}.docs", listOf(fields(1)))
        collection.insertOne(Document(fields(2)))
        val direct = collection.find(Document("_id", 1L)).first()!!
        val wire = collection.find(Document("_id", 2L)).first()!!
        assertThat(direct.keys.toList()).isEqualTo(wire.keys.toList())
        for (key in wire.keys - "_id" - "clientMessageId") {
            assertThat(direct[key]).describedAs(key).isEqualTo(wire[key]).hasSameClassAs(wire[key])
        }
        assertThat(direct["_id"]).isInstanceOf(Long::class.javaObjectType)
        assertThat(collection.countDocuments(Document("sentAt", Document("\$lt", Date.from(Instant.parse("2025-02-01T10:00:00.124Z")))))).isEqualTo(2)
    }

    @Test
    fun `the stand-in names itself, so that every figure it produced is labelled with it`() {
        assertThat(standIn.origin).isEqualTo("STAND_IN")
        assertThat(standIn.properties["chatlab.backends.mongodb.version"] as String).matches("\\d+\\.\\d+\\.\\d+")
        assertThatThrownBy { standIn.insert("docs", listOf(fields(1))) }.hasMessageContaining("<database>.<collection>")
    }

    @Test
    fun `an in-process load keeps the collection's unique indexes and fails on a duplicate`() {
        collection.createIndex(Document("roomId", 1).append("clientMessageId", 1), IndexOptions().unique(true))
        standIn.insert("${MongoStandIn.DATABASE}.docs", listOf(fields(1), fields(2)))
        assertThatThrownBy { standIn.insert("${MongoStandIn.DATABASE}.docs", listOf(fields(3).apply { put("clientMessageId", "c-1") })) }
            .isInstanceOf(IllegalStateException::class.java).hasMessageContaining("rejected 1 of 1")
        assertThatThrownBy { collection.insertOne(Document(fields(4)).append("clientMessageId", "c-2")) }.hasMessageContaining("duplicate key")
        assertThat(collection.countDocuments()).isEqualTo(2)
    }
}
