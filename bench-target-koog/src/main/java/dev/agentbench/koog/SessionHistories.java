package dev.agentbench.koog;

import ai.koog.agents.chatMemory.feature.ChatHistoryProvider;
import ai.koog.prompt.message.Message;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import kotlin.Unit;
import kotlin.coroutines.Continuation;

/**
 * The agent's conversations, one per session, as Koog's {@code ChatMemory} feature stores and loads
 * them: before a run the feature loads the session's messages into the prompt, after a successful
 * run it stores the whole prompt back. Koog's own {@code InMemoryChatHistoryProvider} has no way to
 * forget a conversation (nor does any other Koog API), so this store keeps the same map with a
 * {@link #delete}; it never suspends.
 */
final class SessionHistories implements ChatHistoryProvider {

    private final Map<String, List<Message>> histories = new ConcurrentHashMap<>();

    @Override
    public Object store(String conversationId, List<? extends Message> messages,
            Continuation<? super Unit> continuation) {
        histories.put(conversationId, List.copyOf(messages));
        return Unit.INSTANCE;
    }

    @Override
    public Object load(String conversationId, Continuation<? super List<? extends Message>> continuation) {
        return history(conversationId);
    }

    /** The session's messages, oldest first; empty for a session not stored. */
    List<Message> history(String conversationId) {
        return histories.getOrDefault(conversationId, List.of());
    }

    /** Forgets the session's messages. */
    void delete(String conversationId) {
        histories.remove(conversationId);
    }

    /** How many sessions are stored. */
    int size() {
        return histories.size();
    }
}
