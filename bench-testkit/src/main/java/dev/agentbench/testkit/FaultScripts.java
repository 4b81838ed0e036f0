package dev.agentbench.testkit;

import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import java.util.List;

/** The scripts of the kit's negative checks: replies no target may take for a completed turn. */
final class FaultScripts {

    private FaultScripts() {}

    /** One turn answered with HTTP 500 and an OpenAI-style error body. */
    static Script serverError() {
        return new Script("contract_http_500", List.of(new ScriptTurn("Please answer.",
                List.of(Step.fault(Fault.status(500, "scripted failure from the contract kit"))))));
    }

    /**
     * One turn whose text reply stops half-way and the connection is closed: a streamed reply loses
     * its final chunk and {@code [DONE]}, a plain one half its JSON body.
     */
    static Script cutOff() {
        Fault cutOff = new Fault(0, null, 0, 0, 0, true, false, false);
        return new Script("contract_cut_off", List.of(new ScriptTurn("Please answer at length.",
                List.of(new Step("This reply is cut off before its end, so that no client may take it for a"
                        + " complete answer; it is long enough to be sent in several chunks.", List.of(), cutOff)))));
    }

    /** The chunk delay of {@link #slowStream()}, in milliseconds. */
    static final long SLOW_CHUNK_MS = 60;

    /**
     * One turn answered with a text streamed slowly, {@value #SLOW_CHUNK_MS} ms before each chunk, in
     * eight chunks (where the mock honours a step's chunks): a target that streams hands its first
     * piece over long before the turn ends.
     */
    static Script slowStream() {
        Fault slow = new Fault(0, null, 0, 0, SLOW_CHUNK_MS, false, false, false);
        return new Script("contract_slow_stream", List.of(new ScriptTurn("Please stream your answer.",
                List.of(new Step("This answer is streamed slowly, chunk after chunk, as a model streams its"
                        + " tokens, so that a target which streams hands the first piece over early.", List.of(), slow,
                        8)))));
    }
}
