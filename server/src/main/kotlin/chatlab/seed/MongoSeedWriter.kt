package chatlab.seed

import chatlab.message.ChatMessage
import chatlab.message.mongo.MessageDocument
import chatlab.system.stack.EmbeddedStack
import chatlab.system.stack.MongoStandIn
import com.mongodb.client.model.InsertManyOptions
import org.bson.Document
import org.springframework.beans.factory.ObjectProvider
import org.springframework.data.mongodb.core.MongoTemplate
import org.springframework.stereotype.Component
import java.util.Date
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicInteger

/**
 * Writes the seed's messages into MongoDB in batches, [WRITERS] at once. A real MongoDB gets them over the wire
 * (`insertMany`); the in-process stand-in of the embedded stack gets them straight into its memory, through the
 * same collection and index code, which saves about a quarter of the CPU of the seed's MongoDB half (the wire encoding and
 * decoding). Either way the documents are the same, and what the server later reads or writes goes
 * over the wire.
 */
@Component
class MongoSeedWriter(private val mongo: MongoTemplate, stack: ObjectProvider<EmbeddedStack>) {
    private val standIn: MongoStandIn? = stack.ifAvailable?.services?.filterIsInstance<MongoStandIn>()?.firstOrNull()
        ?.takeIf { mongo.db.name == MongoStandIn.DATABASE }

    /** How the messages travel, for the log: `in-process` (stand-in) or `wire`. */
    val route: String get() = if (standIn != null) "in-process" else "wire"

    /** Writes [messages] in batches of [batchSize], calling [progress] with the count written so far. */
    fun write(messages: List<ChatMessage>, batchSize: Int, progress: (Int) -> Unit) {
        val done = AtomicInteger()
        val writers = Executors.newFixedThreadPool(WRITERS)
        try {
            messages.chunked(batchSize).map { batch ->
                writers.submit {
                    val documents = batch.map { it.toSeedFields() }
                    if (standIn != null) standIn.insert(MessageDocument.COLLECTION, documents)
                    else mongo.getCollection(MessageDocument.COLLECTION).insertMany(documents.map(::Document), InsertManyOptions().ordered(false))
                    progress(done.addAndGet(batch.size))
                }
            }.forEach { it.get() }
        } finally {
            writers.shutdown()
        }
    }

    private companion object {
        /** Two writers: the stand-in handles each on its own thread, so the second core helps too. */
        const val WRITERS = 2

        fun ChatMessage.toSeedFields(): Map<String, Any?> = linkedMapOf(
            "_id" to id, "roomId" to roomId, "senderId" to senderId, "type" to type.name, "content" to content,
            "sentAt" to Date.from(sentAt), "clientMessageId" to clientMessageId,
        )
    }
}
