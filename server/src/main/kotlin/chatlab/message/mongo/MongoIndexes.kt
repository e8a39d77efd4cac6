package chatlab.message.mongo

import org.bson.Document
import org.slf4j.LoggerFactory
import org.springframework.boot.ApplicationArguments
import org.springframework.boot.ApplicationRunner
import org.springframework.core.Ordered
import org.springframework.core.annotation.Order
import org.springframework.data.mongodb.core.MongoTemplate
import org.springframework.data.mongodb.core.index.CompoundIndexDefinition
import org.springframework.stereotype.Component

/** Creates the message collection's indexes at start-up, before seeding. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class MongoIndexes(private val mongo: MongoTemplate) : ApplicationRunner {

    override fun run(args: ApplicationArguments) {
        val indexes = mongo.indexOps(MessageDocument.COLLECTION)
        indexes.createIndex(
            CompoundIndexDefinition(Document(mapOf("roomId" to 1, "sentAt" to -1, "_id" to -1))).named("room_sentAt_id"),
        )
        indexes.createIndex(
            CompoundIndexDefinition(Document(mapOf("roomId" to 1, "senderId" to 1, "clientMessageId" to 1)))
                .named("room_sender_clientMessageId").unique(),
        )
        log.info("MongoDB indexes on {}: {}", MessageDocument.COLLECTION, indexes.indexInfo.map { it.name })
    }

    companion object {
        private val log = LoggerFactory.getLogger(MongoIndexes::class.java)
    }
}
