package dev.agentbench.langchain4j;

import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.UserMessage;
import dev.langchain4j.service.V;
import dev.langchain4j.service.memory.ChatMemoryAccess;

/**
 * The agent as LangChain4j users declare one: an interface that {@code AiServices} implements, with
 * a chat memory per memory id (here the session id). {@link Result} carries the tool executions
 * and the model's intermediate replies beside the final text.
 */
interface Assistant extends ChatMemoryAccess {

    /** One turn; the message is a prompt template to LangChain4j, as a {@code @UserMessage} string is. */
    Result<String> chat(@MemoryId String sessionId, @UserMessage String message);

    /**
     * One turn whose message is sent as it is: the template is one variable, and LangChain4j does
     * not read a variable's value as a template. For messages containing two opening braces.
     */
    @UserMessage("{{message}}")
    Result<String> chatVerbatim(@MemoryId String sessionId, @V("message") String message);
}
