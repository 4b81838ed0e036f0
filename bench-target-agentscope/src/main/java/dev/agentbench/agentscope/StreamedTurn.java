package dev.agentbench.agentscope;

import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.AgentResultEvent;
import io.agentscope.core.event.ModelCallStartEvent;
import io.agentscope.core.event.TextBlockDeltaEvent;
import io.agentscope.core.message.Msg;

/**
 * What a streaming user reads from {@code ReActAgent.streamEvents}: the text deltas of each model
 * call as they come, and the final message of the {@code AgentResultEvent}. The deltas of the last
 * model call must add up to the final message's text; otherwise the turn fails, since a user who read
 * the stream would have seen another reply than the one AgentScope kept.
 */
final class StreamedTurn {

    private StringBuilder lastCall = new StringBuilder();
    private boolean textStreamed;
    private Msg reply;

    void accept(AgentEvent event) {
        if (event instanceof ModelCallStartEvent) {
            lastCall = new StringBuilder();
            textStreamed = false;
        } else if (event instanceof TextBlockDeltaEvent delta) {
            lastCall.append(delta.getDelta());
            textStreamed = true;
        } else if (event instanceof AgentResultEvent result) {
            reply = result.getResult();
        }
    }

    /**
     * @return the final message, or {@code null} when the stream carried none
     * @throws IllegalStateException when the last model call's text deltas are not the reply's text
     */
    Msg reply() {
        if (reply != null) {
            String text = TurnReports.text(reply.getContent());
            String streamed = textStreamed ? lastCall.toString() : null;
            if (text != null && !text.equals(streamed)) {
                throw new IllegalStateException("The streamed text of the last model call [" + streamed
                        + "] is not the text of AgentScope's final message [" + text + "]");
            }
        }
        return reply;
    }
}
