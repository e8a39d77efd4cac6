package chatlab.seed

import chatlab.message.ChatMessage
import chatlab.message.mongo.MessageDocument
import com.mongodb.client.model.InsertManyOptions
import org.bson.Document
import org.springframework.beans.factory.BeanFactory
import org.springframework.data.mongodb.core.MongoTemplate
import org.springframework.stereotype.Component
import java.util.Date
import java.util.concurrent.Executors
import java.util.function.BiConsumer
import java.util.concurrent.atomic.AtomicInteger

/**
 * Writes the seed's messages into MongoDB in batches, [WRITERS] at once. A real MongoDB gets them over the wire
 * (`insertMany`); the in-process stand-in of the embedded stack gets them straight into its memory, through the
 * same collection and index code, which saves about a quarter of the CPU of the seed's MongoDB half (the wire encoding and
 * decoding). Either way the documents are the same, and what the server later reads or writes goes
 * over the wire. The embedded stack offers the stand-in's bulk load as the bean `chatlabMongoStandInInsert`, which
 * takes `<database>.<collection>` and the documents.
 */
@Component
class MongoSeedWriter(private val mongo: MongoTemplate, beans: BeanFactory) {
    @Suppress("UNCHECKED_CAST")
    private val standIn: BiConsumer<String, List<Map<String, Any?>>>? =
        if (beans.containsBean(STAND_IN_INSERT)) beans.getBean(STAND_IN_INSERT) as BiConsumer<String, List<Map<String, Any?>>> else null

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
                    if (standIn != null) standIn.accept("${mongo.db.name}.${MessageDocument.COLLECTION}", documents)
                    else mongo.getCollection(MessageDocument.COLLECTION).insertMany(documents.map(::Document), InsertManyOptions().ordered(false))
                    progress(done.addAndGet(batch.size))
                }
            }.forEach { it.get() }
        } finally {
            writers.shutdown()
        }
    }

    private companion object {
        const val STAND_IN_INSERT = "chatlabMongoStandInInsert"

        /** Two writers: the stand-in handles each on its own thread, so the second core helps too. */
        const val WRITERS = 2

        fun ChatMessage.toSeedFields(): Map<String, Any?> = linkedMapOf(
            "_id" to id, "roomId" to roomId, "senderId" to senderId, "type" to type.name, "content" to content,
            "sentAt" to Date.from(sentAt), "clientMessageId" to clientMessageId,
        )
    }
}
