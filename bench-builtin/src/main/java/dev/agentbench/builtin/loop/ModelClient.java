package dev.agentbench.builtin.loop;

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

    /** Closes connections and threads; never throws. */
    @Override
    void close();
}
