package chatlab.message

enum class MessageType { TALK, ENTER, LEAVE }
