package com.acme.llm;

import dev.langchain4j.model.chat.ChatModel;

/** Project code that calls a model: network code for the checkpoint modules that import it. */
public class Advisor {
    private final ChatModel model;

    public Advisor(ChatModel model) {
        this.model = model;
    }

    public String advise(String question) {
        return model.chat(question);
    }
}
