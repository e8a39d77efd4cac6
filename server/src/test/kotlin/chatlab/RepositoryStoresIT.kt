package chatlab

import chatlab.message.ChatMessage
import chatlab.message.MessageIdAllocator
import chatlab.message.MessageType
import chatlab.message.mongo.MessageDocument
import chatlab.message.mongo.MongoMessageStore
import chatlab.message.mysql.MessageEntity
import chatlab.message.mysql.MysqlMessageStore
import chatlab.message.sqlite.SqliteMessageStore
import chatlab.room.ChatRoom
import chatlab.room.ChatUser
import chatlab.room.Membership
import jakarta.persistence.Entity
import org.assertj.core.api.Assertions.assertThat
import org.bson.Document
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.context.ApplicationContext
import org.springframework.data.jpa.repository.support.JpaRepositoryFactoryBean
import org.springframework.data.mongodb.core.MongoTemplate
import org.springframework.data.mongodb.repository.support.MongoRepositoryFactoryBean
import org.springframework.jdbc.core.JdbcTemplate
import java.time.Instant
import java.time.temporal.ChronoUnit

/** Strict multi-store mode with JPA, MongoDB and Redis on the classpath: each repository must land in its store. */
@IntegrationTest
class RepositoryStoresIT(
    @Autowired private val context: ApplicationContext,
    @Autowired private val jdbc: JdbcTemplate,
    @Autowired private val mongo: MongoTemplate,
    @Autowired private val ids: MessageIdAllocator,
    @Autowired private val mysqlStore: MysqlMessageStore,
    @Autowired private val mongoStore: MongoMessageStore,
    @Autowired private val sqliteStores: List<SqliteMessageStore>,
) {

    @Test
    fun `relational repositories are JPA repositories and the message document repository is a MongoDB one`() {
        listOf("chatRoomRepository", "membershipRepository", "chatUserRepository", "mysqlMessageRepository").forEach {
            assertThat(context.getBean("&$it")).describedAs(it).isInstanceOf(JpaRepositoryFactoryBean::class.java)
        }
        assertThat(context.getBean("&mongoMessageRepository")).isInstanceOf(MongoRepositoryFactoryBean::class.java)
        assertThat(context.getBeanNamesForType(org.springframework.data.keyvalue.repository.KeyValueRepository::class.java)).isEmpty()
    }

    @Test
    fun `every entity carries its store's annotation`() {
        listOf(ChatRoom::class, ChatUser::class, Membership::class, MessageEntity::class).forEach {
            assertThat(it.java.isAnnotationPresent(Entity::class.java)).describedAs(it.simpleName).isTrue()
        }
        assertThat(MessageDocument::class.java.isAnnotationPresent(org.springframework.data.mongodb.core.mapping.Document::class.java)).isTrue()
    }

    @Test
    fun `a message saved through each adapter is in that store and in no other`() {
        val adapters = listOf(mysqlStore, mongoStore) + sqliteStores
        val saved = adapters.map { it.save(message(ids.nextId(), "to ${it.kind.key}")) }
        fun inMysql(id: Long) = jdbc.queryForObject("SELECT COUNT(*) FROM chat_message WHERE id = ?", Long::class.java, id)!!
        fun inMongo(id: Long) = mongo.getCollection(MessageDocument.COLLECTION).countDocuments(Document("_id", id))
        fun inSqlite(store: SqliteMessageStore, id: Long) =
            store.database.reader.queryForObject("SELECT COUNT(*) FROM chat_message WHERE id = ?", Long::class.java, id)!!
        saved.forEachIndexed { i, message ->
            val where = listOf(inMysql(message.id), inMongo(message.id)) + sqliteStores.map { inSqlite(it, message.id) }
            assertThat(where).describedAs(adapters[i].kind.key).isEqualTo(adapters.indices.map { if (it == i) 1L else 0L })
        }
    }

    @Test
    fun `a retried clientMessageId is stored once in each store and the first copy is returned`() {
        (listOf(mysqlStore, mongoStore) + sqliteStores).forEach { store ->
            val first = store.save(message(ids.nextId(), "first try").copy(clientMessageId = "retry-${store.kind.key}"))
            val retry = store.save(message(ids.nextId(), "second try").copy(clientMessageId = "retry-${store.kind.key}"))
            assertThat(retry).describedAs(store.kind.key).isEqualTo(first)
        }
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM chat_message WHERE client_message_id = 'retry-mysql'", Long::class.java)).isEqualTo(1)
        assertThat(mongo.getCollection(MessageDocument.COLLECTION).countDocuments(Document("clientMessageId", "retry-mongo"))).isEqualTo(1)
        sqliteStores.forEach { store ->
            assertThat(store.database.reader.queryForObject("SELECT COUNT(*) FROM chat_message WHERE client_message_id = ?", Long::class.java, "retry-${store.kind.key}"))
                .describedAs(store.kind.key).isEqualTo(1)
        }
    }

    private fun message(id: Long, content: String) =
        ChatMessage(id, TestRooms.STORE_TEST, 1, MessageType.TALK, content, Instant.now().truncatedTo(ChronoUnit.MILLIS), "store-test-$id")
}
