package dev.agentbench.langchain4j;

import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.TokenStream;
import dev.langchain4j.service.UserMessage;
import dev.langchain4j.service.V;
import dev.langchain4j.service.memory.ChatMemoryAccess;

/** {@link Assistant}'s streaming twin: the reply comes as a {@link TokenStream}. */
interface StreamingAssistant extends ChatMemoryAccess {

    /** One turn; the message is a prompt template to LangChain4j, as a {@code @UserMessage} string is. */
    TokenStream chat(@MemoryId String sessionId, @UserMessage String message);

    /**
     * One turn whose message is sent as it is: the template is one variable, and LangChain4j does
     * not read a variable's value as a template. For messages containing two opening braces.
     */
    @UserMessage("{{message}}")
    TokenStream chatVerbatim(@MemoryId String sessionId, @V("message") String message);
}
