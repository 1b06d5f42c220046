"""Rules shared by packs: each module registers its rules into the registry a pack
hands it, citing through that pack's law, so no pack's rules name another's paragraphs."""
