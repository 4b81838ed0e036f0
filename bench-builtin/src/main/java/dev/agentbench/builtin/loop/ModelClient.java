package dev.agentbench.builtin.loop;

import dev.agentbench.api.StreamObserver;
import java.util.List;

/** How a floor reaches the model: one request with a session's messages, one whole reply back. */
public interface ModelClient extends AutoCloseable {

    /**
     * Sends the messages and returns the model's complete reply, on the calling thread's behalf.
     *
     * @throws Exception when there is no complete reply: an error status, a reply cut off, bytes that
     *     are not the chat-completions format
     */
    Reply complete(List<Message> messages) throws Exception;

    /**
     * As {@link #complete(List)}, telling {@code observer} each piece of a streamed reply (text, and
     * each tool call's argument text) as the client reads it off the wire; a client that does not
     * stream ignores it.
     */
    default Reply complete(List<Message> messages, StreamObserver observer) throws Exception {
        return complete(messages);
    }

    /** Closes connections and threads; never throws. */
    @Override
    void close();
}
